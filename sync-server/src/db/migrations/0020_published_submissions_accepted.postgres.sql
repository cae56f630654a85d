-- One status a person reads (issue 41): publishing a submission now accepts it. Submissions published
-- while still "pending" showed "Pending" beside "Published"; they were accepted by being published.
UPDATE submissions SET status = 'accepted' WHERE published_video_id IS NOT NULL AND status = 'pending';

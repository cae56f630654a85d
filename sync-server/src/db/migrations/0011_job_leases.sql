-- Job leases (issue 16): a running job's worker holds it until lease_until (epoch ms) and renews the
-- lease while it runs. A running job whose lease has passed (its worker stopped or died) is claimed
-- again, so on PostgreSQL a starting process no longer needs to requeue every running job (which
-- would take jobs from the processes still running them). NULL: claimed before leases existed.
ALTER TABLE jobs ADD COLUMN lease_until BIGINT;

/** Catalogue videos for unit tests: a plain free beginner video, changed where a test needs it. */
import type { VideoDetail, VideoSummary } from '../../../contract/schemas/catalogue.ts'

export function videoSummary(id: number, fields: Partial<VideoSummary> = {}): VideoSummary {
  return {
    id,
    title: `Video ${id}`,
    description: '',
    language_code: 'vi',
    proficiency_level: 'beginner',
    access_level: 'free',
    duration_seconds: 60,
    thumbnail_url: null,
    series: null,
    episode_number: null,
    published_at: `2026-11-${String(id % 28 || 28).padStart(2, '0')}T00:00:00Z`,
    progress: null,
    dialect: null,
    has_captions: [],
    guides: [],
    difficulty: null,
    my_rating: null,
    words: { total: 0, distinct: 0, known_share: null, new_distinct: 0 },
    ...fields,
  }
}

/** A video page's detail, watchable in full with a grant that lasts an hour. */
export function videoDetail(id: number, fields: Partial<VideoDetail> = {}): VideoDetail {
  return {
    ...videoSummary(id),
    can_watch: 'full',
    playback: { hls_url: '/media/g/grant/master.m3u8', audio_hls_url: null, preview_seconds: null, expires_at: new Date(Date.now() + 3600_000).toISOString(), captions: [] },
    audio_only: null,
    youtube_id: null,
    creators: [],
    ...fields,
  }
}

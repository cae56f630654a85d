/** A published video with its own language's WebVTT track (Vietnamese, or Cantonese with `yue`) and an English one, saved through the captions service. */
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import type { TestServer } from '../sync-server/test-support/test-server.ts'

export const vttStamp = (seconds: number) => `00:${seconds.toFixed(3).padStart(6, '0')}`

export function vtt(cues: Array<{ start: number; end: number; text: string }>): string {
  return `WEBVTT\n\n${cues.map((cue) => `${vttStamp(cue.start)} --> ${vttStamp(cue.end)}\n${cue.text}`).join('\n\n')}\n`
}

/** `audioOnly`: the ladder has the audio-only rendition (commute mode), as transcodes since issue 31 do. */
export async function captionedVideo(server: TestServer, ownerId: number, title: string, tracks: { vi?: string; yue?: string; en?: string; seconds: number; audioOnly?: boolean }): Promise<number> {
  const language = tracks.yue ? 'yue' : 'vi'
  const videoId = await seedVideo(server, { access: 'free', language, mediaKey: makeHlsFixture(server.dataDir, tracks.seconds, { audioOnly: tracks.audioOnly }), duration: tracks.seconds, title })
  const db = server.ctx.database.db
  const submission = await db
    .insertInto('submissions')
    .values({ user_id: ownerId, client_id: null, title, proficiency_level: 'beginner', language_code: language, series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: null, duration_seconds: tracks.seconds, published_video_id: videoId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('videos').set({ submission_id: submission.id }).where('id', '=', videoId).execute()
  if (tracks.vi) await server.ctx.services.captions.save(submission.id, 'vi', tracks.vi)
  if (tracks.yue) await server.ctx.services.captions.save(submission.id, 'yue', tracks.yue)
  if (tracks.en) await server.ctx.services.captions.save(submission.id, 'en', tracks.en)
  return videoId
}

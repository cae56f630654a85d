import { uuidv7 } from '../../contract/index.ts'
import type { Row } from '../src/db/schema.ts'
import type { TestServer } from './test-server.ts'

let counter = 0

/**
 * Puts a published video straight into the catalogue (no media files) for tests of watching rules;
 * written through Kysely, so it lands on whichever engine the test server runs.
 */
export async function seedVideo(
  server: TestServer,
  video: { access?: 'free' | 'premium' | 'preview'; duration?: number; language?: string; level?: string; title?: string; published?: boolean; mediaKey?: string } = {},
): Promise<number> {
  counter++
  const row = await server.ctx.database.db
    .insertInto('videos')
    .values({
      language_code: video.language ?? 'vi',
      title: video.title ?? `Video ${counter}`,
      description: '',
      proficiency_level: (video.level ?? 'beginner') as Row<'videos'>['proficiency_level'],
      access_level: video.access ?? 'free',
      duration_seconds: video.duration ?? 600,
      published_at: video.published === false ? null : new Date(Date.now() - 1000 * counter).toISOString(),
      created_at: new Date().toISOString(),
      media_key: video.mediaKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function makePremium(server: TestServer, userId: number, premium = true): Promise<void> {
  await server.ctx.database.db.updateTable('users').set({ is_premium: premium ? 1 : 0 }).where('id', '=', userId).execute()
}

/** A watch event as the player's outbox sends it: 10 s of play at normal speed, just now. */
export function watchEvent(server: TestServer, videoId: number, overrides: Record<string, unknown> = {}) {
  return {
    client_id: uuidv7(),
    video_id: videoId,
    position_from: 0,
    position_to: 10,
    watched_seconds: 10,
    playback_rate: 1,
    occurred_at: new Date(server.clock.now()).toISOString(),
    ...overrides,
  }
}

import { uuidv7 } from '../../contract/index.ts'
import type { TestServer } from './test-server.ts'
import { updateUser } from './users.ts'

let counter = 0

/** Puts a published video straight into the catalogue (no media files) for tests of watching rules. */
export function seedVideo(
  server: TestServer,
  video: { access?: 'free' | 'premium' | 'preview'; duration?: number; language?: string; level?: string; title?: string; published?: boolean; mediaKey?: string } = {},
): number {
  counter++
  const result = server.ctx.db
    .prepare(
      `INSERT INTO videos (language_code, title, description, proficiency_level, access_level, duration_seconds, published_at, created_at, media_key)
       VALUES (?, ?, '', ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      video.language ?? 'vi',
      video.title ?? `Video ${counter}`,
      video.level ?? 'beginner',
      video.access ?? 'free',
      video.duration ?? 600,
      video.published === false ? null : new Date(Date.now() - 1000 * counter).toISOString(),
      new Date().toISOString(),
      video.mediaKey ?? null,
    )
  return Number(result.lastInsertRowid)
}

export async function makePremium(server: TestServer, userId: number, premium = true) {
  await updateUser(server, userId, { is_premium: premium ? 1 : 0 })
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

import type { TestServer } from './test-server.ts'

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

export function makePremium(server: TestServer, userId: number, premium = true) {
  server.ctx.db.prepare('UPDATE users SET is_premium = ? WHERE id = ?').run(premium ? 1 : 0, userId)
}

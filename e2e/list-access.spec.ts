/**
 * The video list describes the learner's own access (issue 41 item 12): what a premium learner may
 * watch she may download, so every card offers Download and none says "Preview" or "Premium"; a free
 * learner sees the badges and Download only on free videos.
 */
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { expect, test } from './fixtures.ts'
import { VideosPage } from './pages/WatchPages.ts'
import { shoot } from './spoken-lines.ts'

const TITLES = { free: 'Chào buổi sáng', preview: 'Đi chợ Bến Thành', premium: 'Phở Hà Nội' } as const

async function seedShelf(server: Parameters<typeof seedVideo>[0]) {
  for (const [access, title] of Object.entries(TITLES)) {
    await seedVideo(server, { access: access as keyof typeof TITLES, title, duration: 8, mediaKey: makeHlsFixture(server.dataDir, 8) })
  }
}

test('a premium learner may download every video she may watch, and sees no Preview or Premium badge', async ({ page, server, signInAs }) => {
  await seedShelf(server)
  await signInAs({ premium: true, path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  await expect(list.cards).toHaveCount(3)
  for (const title of Object.values(TITLES)) {
    await expect(list.download(title)).toBeVisible()
    await expect(list.badge(title)).toHaveCount(0)
  }
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]] as const) {
    await page.setViewportSize(size)
    await shoot(page, `list-access-premium-${name}`)
  }
})

test('a free learner sees what is limited: Preview and Premium badges, Download only on the free video', async ({ page, server, signInAs }) => {
  await seedShelf(server)
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  await expect(list.cards).toHaveCount(3)
  await expect(list.download(TITLES.free)).toBeVisible()
  await expect(list.badge(TITLES.free)).toHaveCount(0)
  await expect(list.download(TITLES.preview)).toHaveCount(0)
  await expect(list.badge(TITLES.preview)).toHaveText('Preview')
  await expect(list.download(TITLES.premium)).toHaveCount(0)
  await expect(list.badge(TITLES.premium)).toHaveText('Premium')
})

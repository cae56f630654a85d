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

const ACCESS = ['free', 'preview', 'premium'] as const
type Titles = Record<(typeof ACCESS)[number], string>

/** One video of each access level; the worker's server is shared, so the titles are this test's own. */
async function seedShelf(server: Parameters<typeof seedVideo>[0], tag: string): Promise<Titles> {
  const titles = { free: `Chào buổi sáng ${tag}`, preview: `Đi chợ Bến Thành ${tag}`, premium: `Phở Hà Nội ${tag}` }
  for (const access of ACCESS) await seedVideo(server, { access, title: titles[access], duration: 8, mediaKey: makeHlsFixture(server.dataDir, 8) })
  return titles
}

test('a premium learner may download every video she may watch, and sees no Preview or Premium badge', async ({ page, server, signInAs }) => {
  const titles = await seedShelf(server, 'A')
  await signInAs({ premium: true, path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  for (const title of Object.values(titles)) {
    await expect(list.card(title)).toBeVisible()
    await expect(list.download(title)).toBeVisible()
    await expect(list.badge(title)).toHaveCount(0)
  }
  // And the download goes through: the server lets her keep what she may watch.
  await list.download(titles.premium).click()
  await expect(list.card(titles.premium).getByTestId('download-complete')).toBeVisible({ timeout: 30_000 })
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]] as const) {
    await page.setViewportSize(size)
    await shoot(page, `list-access-premium-${name}`)
  }
})

test('a free learner sees what is limited: Preview and Premium badges, Download only on the free video', async ({ page, server, signInAs }) => {
  const titles = await seedShelf(server, 'B')
  await signInAs({ path: '/languages/vi/videos' })
  const list = new VideosPage(page)
  for (const title of Object.values(titles)) await expect(list.card(title)).toBeVisible()
  await expect(list.download(titles.free)).toBeVisible()
  await expect(list.badge(titles.free)).toHaveCount(0)
  await expect(list.download(titles.preview)).toHaveCount(0)
  await expect(list.badge(titles.preview)).toHaveText('Preview')
  await expect(list.download(titles.premium)).toHaveCount(0)
  await expect(list.badge(titles.premium)).toHaveText('Premium')
})

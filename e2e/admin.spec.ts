/**
 * The admin pages against the real server: an admin finds a user and renames them, changes a video's
 * access and a learner loses playback of it, uploads thumbnails, reads a feedback and copies its
 * environment data, decides a contributor application, finds what is ready to publish from the
 * dashboard and publishes it, sees a failed background job with its error and retries it; a learner is
 * told admin pages are not theirs.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import pino from 'pino'
import { z } from 'zod'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { apiClient } from '../sync-server/test-support/http-client.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { mediaDir, newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { makeContributor } from '../sync-server/test-support/users.ts'
import { createJobQueue } from '../sync-server/src/jobs/job-queue.ts'
import { createJobRegistry } from '../sync-server/src/jobs/registry.ts'
import { createJobsRepository } from '../sync-server/src/repositories/jobs.repository.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'
import { AdminApplicationsPage, AdminFeedbackPage, AdminJobsPage, AdminUsersPage, AdminVideosPage } from './pages/AdminPages.ts'
import { SubmissionsPage } from './pages/SubmissionsPage.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

/** Pages whole; dialogs as the screen shows them (a full-page shot would stretch the backdrop). */
async function shoot(page: Page, name: string, fullPage = true) {
  const size = page.viewportSize()
  const viewport = size && size.width < 600 ? 'phone' : 'desktop'
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage })
}

/**
 * A worker on the server's database for a kind of its own (the server's queue leaves kinds it has no
 * handler for alone): each job fails with `error` while `broken` says so, on its one attempt.
 */
function reportWorker(server: TestServer, error: string) {
  const registry = createJobRegistry({ e2e_report: z.object({}) })
  const state = { broken: true }
  registry.define('e2e_report', {
    maxAttempts: 1,
    handler: async () => {
      if (state.broken) throw new Error(error)
    },
  })
  const queue = createJobQueue({
    jobs: createJobsRepository(server.ctx.database.db, server.ctx.database.engine),
    registry,
    logger: pino({ level: 'silent' }),
  })
  return Object.assign(queue, { state })
}

/** A learner who exists only through the API (the admin looks them up). */
async function learner(server: TestServer, prefix = 'learner') {
  const email = uniqueEmail(prefix)
  const session = await signIn(server, email)
  return { email, id: session.user.id, api: apiClient(server.api, { token: session.token }) }
}

/** A contributor application with a real (tiny) MP4, sent through the public form. */
async function submitApplication(server: TestServer, name: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'application-'))
  const file = path.join(folder, 'sample.mp4')
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file])
  const email = uniqueEmail('applicant')
  const form = new FormData()
  for (const [key, value] of Object.entries({ name, email, location: 'Đà Nẵng', english_ability: 'a_little', notes: 'I film street food in the old town.' })) form.set(key, value)
  form.set('video', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'sample.mp4')
  const applied = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body: form })
  fs.rmSync(folder, { recursive: true, force: true })
  expect(applied.status).toBe(201)
  return email
}

test('an admin finds a user, renames them and grants the contributor role', async ({ page, server, signInAs }) => {
  const person = await learner(server, 'rename-me')
  await signInAs({ admin: true, path: '/admin-users' })
  const users = new AdminUsersPage(page)
  await users.find(person.email)
  await expect(users.row(person.email)).toHaveCount(1)
  await expect(users.row(person.email)).toContainText('Unnamed')

  // The client applies the same 3..32 rule as the server before sending anything.
  await users.row(person.email).getByRole('button', { name: /^Edit the display name of/ }).click()
  await users.renameDialog.getByLabel('Display name').fill('Lý')
  await expect(users.renameDialog.getByText('Display name must be 3 to 32 characters.')).toBeVisible()
  await expect(users.renameDialog.getByRole('button', { name: 'Save' })).toBeDisabled()
  await users.renameDialog.getByRole('button', { name: 'Cancel' }).click()

  await users.rename(person.email, 'Lý Thu Hà')
  await expect(users.renameDialog.getByTestId('rename-status')).toHaveText('Display name updated.')
  await users.renameDialog.getByRole('button', { name: 'Done' }).click()
  await expect(users.renameDialog).toBeHidden()
  await expect(users.row(person.email)).toContainText('Lý Thu Hà')
  expect((await person.api.get('/me')).body.display_name).toBe('Lý Thu Hà')

  // Found again by the new name.
  await users.find('Thu Hà')
  await expect(users.row(person.email)).toHaveCount(1)

  await users.toggleContributor(person.email)
  await expect(users.message).toHaveText('Contributor role granted.')
  await expect(users.row(person.email)).toContainText('Contributor')
  expect((await person.api.get('/me')).body.is_contributor).toBe(true)
  await users.toggleContributor(person.email)
  await expect(users.message).toHaveText('Contributor role removed.')
  expect((await person.api.get('/me')).body.is_contributor).toBe(false)
})

test('an admin makes a free video premium and a learner can no longer watch it', async ({ page, server, signInAs }) => {
  const title = `Chợ nổi Cái Răng ${Date.now()}`
  const id = await seedVideo(server, { title, access: 'free', mediaKey: makeHlsFixture(server.dataDir, 4) })
  const person = await learner(server)
  const before = await person.api.get(`/videos/${id}`)
  expect(before.body.data.can_watch).toBe('full')
  expect(before.body.data.playback).not.toBeNull()

  await signInAs({ admin: true, path: '/admin-videos' })
  const videos = new AdminVideosPage(page)
  await videos.search.fill(title)
  await expect(videos.row(title)).toHaveCount(1)
  await videos.accessSelect(title).selectOption('premium')
  await expect(videos.message).toHaveText('Access level updated.')

  const after = await person.api.get(`/videos/${id}`)
  expect(after.body.data.can_watch).toBe('none')
  expect(after.body.data.playback).toBeNull()

  // The access filter finds it among premium videos, not among free ones.
  await videos.accessFilter.selectOption('free')
  await expect(videos.row(title)).toHaveCount(0)
  await videos.accessFilter.selectOption('premium')
  await expect(videos.row(title)).toHaveCount(1)
})

test('long lists page by cursor with "load more"', async ({ page, server, signInAs }) => {
  const prefix = `Bài ${Date.now()}`
  for (let index = 0; index < 55; index++) await seedVideo(server, { title: `${prefix} số ${index}` })
  await signInAs({ admin: true, path: '/admin-videos' })
  const videos = new AdminVideosPage(page)
  // The unfiltered first page may hold the same 50 rows: wait for the search itself to answer.
  const searched = page.waitForResponse((response) => response.url().includes('/api/v1/admin/videos?q='))
  await videos.search.fill(prefix)
  await searched
  const rows = page.getByTestId('admin-video-row')
  await expect(rows).toHaveCount(50)
  await expect(page.getByTestId('list-count')).toHaveText('Showing 50 rows')
  await videos.loadMore.click()
  await expect(rows).toHaveCount(55)
  await expect(videos.loadMore).toHaveCount(0)
})

test('thumbnails: at least one image, images only, then uploaded', async ({ page, server, signInAs }) => {
  const title = `Bánh mì Hội An ${Date.now()}`
  const mediaKey = makeHlsFixture(server.dataDir, 4)
  await seedVideo(server, { title, mediaKey })
  await signInAs({ admin: true, path: '/admin-videos' })
  const videos = new AdminVideosPage(page)
  await videos.search.fill(title)
  await videos.openThumbnails(title)
  const dialog = videos.thumbnailDialog
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog.getByTestId('thumbnail-status')).toHaveText('Please choose at least one image to upload.')

  await dialog.getByLabel('Product thumbnail').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
  await expect(dialog.getByText('Choose a JPEG, PNG or WebP image.')).toBeVisible()

  const poster = fs.readFileSync(path.join(mediaDir(server.dataDir, mediaKey), 'poster.jpg'))
  await dialog.getByLabel('Product thumbnail').setInputFiles({ name: 'poster.jpg', mimeType: 'image/jpeg', buffer: poster })
  await dialog.getByLabel('YouTube thumbnail').setInputFiles({ name: 'youtube.jpg', mimeType: 'image/jpeg', buffer: poster })
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog.getByTestId('thumbnail-status')).toHaveText('Thumbnails updated.')
  await expect(dialog.getByRole('img', { name: 'Current YouTube thumbnail' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(videos.message).toHaveText('Thumbnails updated.')
  await expect(videos.row(title).locator('img')).toHaveAttribute('src', /\/media\//)
})

test('an admin reads a feedback and copies its environment data', async ({ page, context, server, signInAs }) => {
  const person = await learner(server, 'feedback')
  const environment = { userAgent: 'Test agent', currentPage: '/languages/vi/videos', appLanguage: 'vi', sessionDuration: 1234, timestamp: new Date().toISOString() }
  const text = `The subtitles on the Huế video are lovely ${Date.now()}`
  const sent = await person.api.post('/user_feedbacks', { user_feedback: { feedback: text, environment_data: environment } })
  expect(sent.status).toBe(201)
  const id = sent.body.data.id as number

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInAs({ admin: true, path: '/admin-feedback' })
  const feedback = new AdminFeedbackPage(page)
  await feedback.search.fill(person.email)
  await expect(feedback.row(text)).toHaveCount(1)
  await feedback.range.selectOption('7d')
  await expect(feedback.row(text)).toHaveCount(1)

  await feedback.view(id)
  await expect(feedback.dialog.getByTestId('feedback-id')).toHaveText(String(id))
  await expect(feedback.dialog.getByTestId('feedback-text')).toHaveText(text)
  await expect(feedback.dialog.getByTestId('feedback-environment')).toContainText('/languages/vi/videos')
  await feedback.dialog.getByRole('button', { name: 'Copy environment data' }).click()
  await expect(feedback.dialog.getByTestId('copy-status')).toHaveText('Environment data copied.')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(JSON.parse(copied)).toEqual(environment)
  await page.keyboard.press('Escape')
  await expect(feedback.dialog).toBeHidden()
})

test('an admin plays an application video and accepts the applicant', async ({ page, server, signInAs }) => {
  const email = await submitApplication(server, 'Nguyễn Văn An')

  await signInAs({ admin: true, path: '/admin-applications' })
  const applications = new AdminApplicationsPage(page)
  const row = applications.row(email)
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Play the video of Nguyễn Văn An' }).click()
  await expect(page.getByTestId('application-video')).toHaveAttribute('src', /^blob:/)
  await page.keyboard.press('Escape')

  await row.getByRole('button', { name: 'Accept Nguyễn Văn An' }).click()
  await expect(applications.message).toHaveText('Nguyễn Văn An is accepted and is now a contributor.')
  // Decided, it leaves the Pending list; under Accepted it can no longer be rejected by a stray click.
  await expect(applications.row(email)).toHaveCount(0)
  await applications.status.selectOption('accepted')
  await expect(applications.row(email)).toContainText('Accepted')
  await expect(applications.row(email).getByRole('button', { name: 'Reject Nguyễn Văn An' })).toHaveCount(0)
  await expect(applications.row(email).getByRole('button', { name: 'Accept Nguyễn Văn An' })).toHaveCount(0)
  // Accepting before the person has an account: they are a contributor at their first sign-in.
  const session = await signIn(server, email)
  expect((session.user as { is_contributor?: boolean }).is_contributor).toBe(true)
})

test('the dashboard leads to what is ready to publish; a submission shows one status and only the actions that make sense', async ({ page, server, signInAs }) => {
  const maker = await learner(server, 'maker')
  await makeContributor(server, maker.id)
  const title = `Chợ Bến Thành ${Date.now()}`
  const created = await maker.api.post('/submissions', {
    submission: { title, description: 'A morning at the market.', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true },
  })
  expect(created.status).toBe(201)
  const id = created.body.data.id as number
  // Processed, as the transcoder leaves it (publishing without thumbnails needs no media).
  await server.ctx.database.db
    .updateTable('submissions')
    .set({ processing_state: 'ready', processing_percent: 100, duration_seconds: 42, media_key: newMediaKey() })
    .where('id', '=', id)
    .execute()

  await signInAs({ admin: true, path: '/admin-dashboard' })
  const card = page.getByRole('link', { name: /Submissions/ })
  await expect(card).toContainText(/[1-9]\d* ready to publish · \d+ waiting for review/)
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(size)
    await shoot(page, 'admin-dashboard-submissions')
  }
  await card.click()
  await expect(page).toHaveURL(/\/submissions$/)

  const submissions = new SubmissionsPage(page)
  const submission = submissions.card(title)
  // One status, and what an admin may do with a processed submission waiting for review.
  await expect(submission.getByTestId('submission-status')).toHaveText('Waiting for review')
  await expect(submission.locator('.badge')).toHaveCount(1)
  for (const name of ['Accept', 'Decline', 'Publish']) await expect(submission.getByRole('button', { name, exact: true })).toHaveCount(1)
  await shoot(page, 'submissions-waiting')

  // Publishing it accepts it: Published, nothing left to accept, decline or publish, also after a reload.
  const dialog = await submissions.openPublish(title)
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog).toBeHidden()
  for (const reload of [false, true]) {
    if (reload) await page.reload()
    await expect(submission.getByTestId('submission-status')).toHaveText('Published')
    await expect(submission.locator('.badge')).toHaveCount(1)
    for (const name of ['Accept', 'Decline', 'Publish', 'Delete']) await expect(submission.getByRole('button', { name, exact: true })).toHaveCount(0)
    await expect(submission.getByTestId('published-link')).toHaveAttribute('href', /^\/languages\/vi\/videos\/\d+$/)
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'submissions-published')
})

test('a failed background job shows its error, and Retry now queues it again', async ({ page, server, signInAs }) => {
  const error = `The report could not be sent (${uniqueEmail('job')})`
  const worker = reportWorker(server, error)
  const id = await worker.enqueue('e2e_report', {})
  await worker.start()
  expect(await worker.waitFor(id)).toMatchObject({ state: 'failed' })
  await worker.stop()

  await signInAs({ admin: true, path: '/admin-jobs' })
  const jobs = new AdminJobsPage(page)
  await jobs.state.selectOption('failed')
  const row = jobs.job(id)
  await expect(row).toContainText('Failed')
  // The server's own queue has no handler for this kind: it names the attempts spent, not a maximum.
  await expect(row).toContainText('Attempts spent: 1')
  await expect(row.getByTestId('job-error')).toHaveText(error)

  await jobs.retry(id)
  await expect(jobs.message).toHaveText(`Job ${id} is queued again.`)
  await expect(row).toContainText('Queued')
  await jobs.state.selectOption('queued')
  await expect(jobs.job(id)).toContainText('Attempts spent: 0')
  await expect(jobs.job(id).getByRole('button', { name: `Retry job ${id} now` })).toHaveCount(0)

  // A worker for it runs it now: it leaves Queued, and All (what the page opens on) shows it Done.
  worker.state.broken = false
  await worker.start()
  expect(await worker.waitFor(id)).toMatchObject({ state: 'done', attempts: 1 })
  await worker.stop()
  await page.reload()
  await expect(jobs.heading).toHaveText('Background jobs')
  await expect(jobs.state).toHaveValue('all')
  await expect(jobs.job(id)).toContainText('Done')
  await expect(page.getByText('No jobs here.')).toHaveCount(0)
  await jobs.state.selectOption('queued')
  await expect(jobs.job(id)).toHaveCount(0)
})

test('a learner who opens an admin page is told it is not for them', async ({ page, signInAs }) => {
  const adminCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/admin/')) adminCalls.push(request.url())
  })
  await signInAs({ path: '/admin-users' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed')
  await expect(page.getByTestId('not-allowed')).toContainText('This page is for the Dễ Hiểu team only.')
  for (const path of ['/admin-dashboard', '/admin-videos', '/admin-feedback', '/admin-applications', '/admin-jobs']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Not allowed')
  }
  await page.getByRole('link', { name: 'Back to languages' }).click()
  await expect(page).toHaveURL(/\/languages$/)
  expect(adminCalls).toEqual([])
  // The menu offers no admin entry either.
  await page.getByTestId('user-menu').getByRole('button').click()
  await expect(page.getByRole('menuitem', { name: 'Admin dashboard' })).toHaveCount(0)
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`${viewport.name} admin screenshots`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('every admin page', async ({ page, server, signInAs }) => {
      // Many pages, two dialogs and an axe pass each: longer than one journey on a shared machine.
      test.setTimeout(180_000)
      const mediaKey = makeHlsFixture(server.dataDir, 4)
      await seedVideo(server, { title: 'Phở bò Hà Nội', access: 'premium', mediaKey })
      await seedVideo(server, { title: 'Chào hỏi hằng ngày', access: 'free' })
      await seedVideo(server, { title: 'Đi chợ Bến Thành', access: 'preview' })
      const person = await learner(server, 'shots')
      await person.api.post('/user_feedbacks', {
        user_feedback: { feedback: 'Could the beginner videos be a little slower, please?', environment_data: { appLanguage: 'en', currentPage: '/languages/vi/videos' } },
      })
      await submitApplication(server, 'Trần Thị Mai')
      const reports = reportWorker(server, 'The report could not be sent: the mail server answered 451 (try again later).')
      const failedJob = await reports.enqueue('e2e_report', {})
      await reports.start()
      await reports.waitFor(failedJob)
      await reports.stop()
      await signInAs({ admin: true, path: '/admin-dashboard' })
      for (const [name, url, table] of [
        ['admin-dashboard', '/admin-dashboard', false],
        ['admin-videos', '/admin-videos', true],
        ['admin-users', '/admin-users', true],
        ['admin-feedback', '/admin-feedback', true],
        ['admin-applications', '/admin-applications', true],
        ['admin-jobs', '/admin-jobs', true],
      ] as const) {
        await page.goto(url)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        if (table) await expect(page.getByTestId('list-count')).toBeVisible()
        await page.waitForLoadState('networkidle')
        await shoot(page, name)
        await expectNoSeriousViolations(page)
      }
      await page.goto('/admin-videos')
      await page.getByRole('button', { name: 'Thumbnails for Phở bò Hà Nội' }).first().click()
      await expect(page.getByTestId('thumbnail-dialog')).toBeVisible()
      await shoot(page, 'admin-thumbnails', false)
      await expectNoSeriousViolations(page, '[data-testid=thumbnail-dialog]')
      await page.goto('/admin-users')
      await page.getByRole('row').filter({ hasText: person.email }).getByRole('button', { name: /^Edit the display name/ }).click()
      await shoot(page, 'admin-rename', false)
      await expectNoSeriousViolations(page, '[data-testid=rename-dialog]')
      await page.goto('/admin-feedback')
      await page.getByRole('button', { name: /^View feedback/ }).first().click()
      await expect(page.getByTestId('feedback-id')).toBeVisible()
      await shoot(page, 'admin-feedback-view', false)
      await expectNoSeriousViolations(page, '[data-testid=feedback-view-dialog]')
      await page.goto('/admin-applications')
      await page.getByRole('button', { name: 'Play the video of Trần Thị Mai' }).first().click()
      await expect(page.getByTestId('application-video')).toBeVisible()
      await shoot(page, 'admin-application-video', false)
      await signInAs({ path: '/admin-users' })
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed')
      await shoot(page, 'admin-not-allowed')
      await expectNoSeriousViolations(page)
    })
  })
}

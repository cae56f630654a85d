/**
 * Contributors, end to end on the real server: a contributor uploads a real video, the network drops
 * in the middle, the page reloads offline, the network returns and the upload finishes by itself and
 * is processed (real ffprobe and ffmpeg); an admin publishes it into the catalogue. With the page
 * open in two tabs, one tab sends the file and a pause or resume in the other reaches it. A video
 * submitted with no signal at all waits on the device, survives a reload and becomes exactly one
 * submission once online. The application form shows each of its coded errors. Screenshots of the three pages go to e2e/screenshots/.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test, type Fixtures } from './fixtures.ts'
import { ApplyPage } from './pages/ApplyPage.ts'
import { SubmissionsPage } from './pages/SubmissionsPage.ts'
import { UploadPage } from './pages/UploadPage.ts'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-e2e-uploads-'))
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/**
 * A real, short video: testsrc at 640×360 with a sine tone. `noisy` adds grain so the file is a few
 * megabytes (big enough to cut the network in the middle of sending it) while staying 3 s long.
 */
function makeVideo(name: string, options: { seconds: number; noisy?: boolean }): string {
  const file = path.join(tmp, name)
  const source = options.noisy ? 'testsrc2=size=640x360:rate=25,noise=alls=20:allf=t' : 'testsrc2=size=640x360:rate=25'
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', source,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', String(options.seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', options.noisy ? '26' : '30', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
  ])
  return file
}

async function apiGet<T>(api: string, token: string, route: string): Promise<T> {
  const response = await fetch(`${api}${route}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status, `${route} answered ${response.status}`).toBe(200)
  return (await response.json()) as T
}

interface SubmissionBody {
  data: { id: number; title: string; upload: { state: string; bytes_received: number; bytes_total: number | null }; processing: { state: string } }[]
}

async function swReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
}

test.describe.configure({ mode: 'serial' })

/** A contributor on the upload page, with a short noisy video to send and a title of its own. */
async function contributorWithVideo(page: Page, signInAs: Fixtures['signInAs'], fileName: string, titlePrefix: string) {
  const video = makeVideo(fileName, { seconds: 3, noisy: true })
  const size = fs.statSync(video).size
  const title = `${titlePrefix} ${Date.now()}`
  const contributor = await signInAs({ contributor: true, path: '/upload' })
  const upload = new UploadPage(page)
  await expect(upload.form).toBeVisible()
  return { video, size, title, contributor, upload }
}

test('an upload cut off mid-way survives a reload offline, finishes by itself, and an admin publishes it', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  test.setTimeout(240_000)
  const { video, size, title, contributor, upload } = await contributorWithVideo(page, signInAs, 'flaky.mp4', 'Ở chợ')
  await swReady(page)

  // A slow uplink (about 256 KB/s), so the file is still on its way when the network drops.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })

  await upload.fill({ title, level: 'Beginner', file: video, description: 'Buying fruit at the market.', series: 'Đi chợ', episode: '1' })
  await upload.submit.click()
  await expect(upload.outcome).toHaveText('Video submitted successfully! You can upload another video or navigate to other pages.')
  await expect(upload.state(title)).toContainText('Uploading')
  await expect.poll(() => upload.uploadPercent(title), { timeout: 30_000 }).toBeGreaterThanOrEqual(5)

  // Paused by hand and resumed, it carries on.
  await upload.item(title).getByRole('button', { name: 'Pause' }).click()
  await expect(upload.state(title)).toContainText('Paused at')
  await upload.item(title).getByRole('button', { name: 'Resume' }).click()
  await expect(upload.state(title)).toContainText('Uploading')
  await expect.poll(() => upload.uploadPercent(title), { timeout: 30_000 }).toBeGreaterThanOrEqual(15)

  await context.setOffline(true)
  await expect(upload.state(title)).toContainText('Waiting for the network')
  await upload.queue.screenshot({ path: path.join(SHOTS, 'upload-queue-offline-desktop.png') })
  // The slow uplink ends with this session (its emulation would otherwise outlive the reload).
  await cdp.detach()
  const cut = await apiGet<SubmissionBody>(server.api, contributor.token, '/submissions')
  const mine = cut.data.find((item) => item.title === title)
  expect(mine, 'the submission exists on the server').toBeTruthy()
  expect(mine!.upload.bytes_received).toBeLessThan(size)

  // The app opens offline from its service worker, and the queue is still there, waiting.
  await page.reload()
  await expect(upload.state(title)).toContainText('Waiting for the network')
  await expect(page.getByTestId('offline-indicator')).toBeVisible()

  // Back online, it carries on from where the server's bytes end rather than from the start.
  const offsets: number[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/v1/uploads/')) offsets.push(Number(request.headers()['upload-offset']))
  })
  await context.setOffline(false)
  await expect(upload.state(title)).toContainText(/Processing|Ready/, { timeout: 60_000 })
  expect(offsets.length).toBeGreaterThan(0)
  expect(offsets[0]).toBeGreaterThanOrEqual(mine!.upload.bytes_received)
  expect(offsets[0]).toBeGreaterThan(0)
  await expect(upload.state(title)).toHaveText('Ready', { timeout: 150_000 })
  const done = await apiGet<{ data: SubmissionBody['data'][number] }>(server.api, contributor.token, `/submissions/${mine!.id}`)
  expect(done.data.upload).toMatchObject({ state: 'complete', bytes_received: size })
  expect(done.data.processing.state).toBe('ready')

  // The contributor sees it ready to publish, and can watch the processed video.
  const submissions = new SubmissionsPage(page)
  await submissions.goto()
  const card = submissions.card(title)
  await expect(card.getByTestId('submission-status')).toHaveText('Waiting for review')
  await expect(card.getByTestId('submission-file')).toHaveText('Processed and ready to play')
  await card.getByRole('button', { name: 'Play video' }).click()
  await expect
    .poll(() => card.getByTestId('submission-video').evaluate((element) => (element as HTMLVideoElement).readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1)
  await expect(card.getByRole('button', { name: 'Publish' })).toHaveCount(0)

  // The admin accepts and publishes it as a free video in a new series.
  const admin = await signInAs({ admin: true, path: '/submissions' })
  const adminCard = submissions.card(title)
  await adminCard.getByRole('button', { name: 'Accept' }).click()
  await expect(adminCard.getByTestId('submission-status')).toHaveText('Accepted')
  const dialog = await submissions.openPublish(title)
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(title)
  await dialog.getByLabel('Free video').check()
  await dialog.getByLabel('YouTube title (optional)').fill(`${title} | Dễ Hiểu`)
  await expect(dialog.getByRole('radio', { name: 'A new series' })).toBeChecked()
  await expect(dialog.getByLabel('New series name')).toHaveValue('Đi chợ')
  await dialog.getByLabel('New series description (optional)').fill('Shopping at the market, step by step.')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog).toBeHidden()
  await expect(submissions.notice).toContainText('Published')
  await expect(adminCard.getByTestId('submission-status')).toHaveText('Published')
  const link = adminCard.getByTestId('published-link')
  await expect(link).toHaveAttribute('href', /^\/languages\/vi\/videos\/\d+$/)
  await expect(adminCard.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  // It is in the catalogue, free, in its series.
  const catalogue = await apiGet<{ data: { id: number; title: string; access_level: string; series: { name: string } | null; episode_number: number | null }[] }>(
    server.api,
    admin.token,
    '/languages/vi/videos',
  )
  const published = catalogue.data.find((item) => item.title === title)
  expect(published).toMatchObject({ access_level: 'free', series: { name: 'Đi chợ' }, episode_number: 1 })
  expect(await link.getAttribute('href')).toBe(`/languages/vi/videos/${published!.id}`)

  // The next upload in that series is offered the next episode number.
  const series = await apiGet<{ data: { name: string; next_episode_number: number }[] }>(server.api, admin.token, '/languages/vi/series')
  expect(series.data.find((item) => item.name === 'Đi chợ')?.next_episode_number).toBe(2)
})

test('a video submitted with no signal waits on the device through a reload, and online becomes one submission, uploaded and processed', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  test.setTimeout(180_000)
  const { video, size, title, contributor, upload } = await contributorWithVideo(page, signInAs, 'on-the-train.mp4', 'Trên tàu')
  await swReady(page)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const submissionPosts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/submissions') submissionPosts.push(request.url())
  })

  await context.setOffline(true)
  await upload.fill({ title, level: 'Beginner', file: video, description: 'Recorded between two stations.' })
  await upload.submit.click()
  await expect(upload.outcome).toHaveText("Saved on this device. It will upload when you're back online; you can add another video meanwhile.")
  await expect(upload.error).toBeEmpty()
  await expect(upload.state(title)).toHaveText("Will upload when you're back online")
  await upload.queue.screenshot({ path: path.join(SHOTS, 'upload-queued-offline-desktop.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await upload.item(title).scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(SHOTS, 'upload-queued-offline-mobile.png') })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The page reopens offline from the service worker, the upload still queued on the device.
  await page.reload()
  await expect(upload.state(title)).toHaveText("Will upload when you're back online")
  expect(submissionPosts).toEqual([])
  const mine = async () =>
    (await apiGet<SubmissionBody>(server.api, contributor.token, '/submissions')).data.filter((item) => item.title === title)
  expect(await mine()).toHaveLength(0)

  await context.setOffline(false)
  await expect(upload.state(title)).toContainText(/Processing|Ready/, { timeout: 60_000 })
  await expect(upload.state(title)).toHaveText('Ready', { timeout: 150_000 })
  const created = await mine()
  expect(created, 'exactly one submission').toHaveLength(1)
  expect(created[0].upload).toMatchObject({ state: 'complete', bytes_received: size })
  expect(created[0].processing.state).toBe('ready')
  expect(submissionPosts).toHaveLength(1)
})

test('a 401 during an upload sends the browser to /login, and the upload carries on after signing in again', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  test.setTimeout(120_000)
  const { video, title, contributor, upload } = await contributorWithVideo(page, signInAs, 'expired.mp4', 'Hết phiên')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
  await upload.fill({ title, level: 'Beginner', file: video })
  await upload.submit.click()
  await expect.poll(() => upload.uploadPercent(title), { timeout: 30_000 }).toBeGreaterThanOrEqual(5)
  await upload.item(title).getByRole('button', { name: 'Pause' }).click()
  await expect(upload.state(title)).toContainText('Paused at')
  await cdp.detach()

  // The session ends on the server; the next request of the upload (on resuming) answers 401.
  server.ctx.sqlite.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ?').run(Date.now(), contributor.user.id)
  await upload.item(title).getByRole('button', { name: 'Resume' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  // It was the upload that was refused, and it is still queued (the bytes too) for the next sign-in.
  const queued = await page.evaluate(
    () =>
      new Promise<{ items: { status: string; error?: string }[]; blobs: number }>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction(['uploads', 'uploadBlobs'])
          const items = tx.objectStore('uploads').getAll()
          const blobs = tx.objectStore('uploadBlobs').count()
          tx.oncomplete = () => resolve({ items: items.result, blobs: blobs.result })
        }
      }),
  )
  expect(queued.items).toMatchObject([{ status: 'failed', error: 'signed_out' }])
  expect(queued.blobs).toBe(1)

  // Signed in again, the upload is still queued and carries on from the server's offset.
  const offsets: number[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/v1/uploads/')) offsets.push(Number(request.headers()['upload-offset']))
  })
  await signInAs({ email: contributor.email, contributor: true, path: '/upload' })
  await expect(upload.state(title)).toContainText(/Uploading|Processing|Ready/)
  await expect(upload.state(title)).toContainText(/Processing|Ready/, { timeout: 60_000 })
  expect(offsets[0]).toBeGreaterThan(0)
})

test('with the upload page open in two tabs, one tab sends the file, and a pause and a resume pressed in the other reach it', async ({
  page,
  context,
  server,
  signInAs,
}) => {
  test.setTimeout(120_000)
  const { video, size, title, contributor, upload: first } = await contributorWithVideo(page, signInAs, 'two-tabs.mp4', 'Hai thẻ')
  const otherTab = await context.newPage()
  const second = new UploadPage(otherTab)
  await second.goto()
  await expect(second.form).toBeVisible()
  /** The tus requests a tab makes (creation, HEAD, PATCH), by method. */
  const tusRequests = (tab: Page) => {
    const methods: string[] = []
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/uploads')) methods.push(request.method())
    })
    return methods
  }
  const fromFirst = tusRequests(page)
  const fromSecond = tusRequests(otherTab)
  const bytesReceived = async () =>
    (await apiGet<SubmissionBody>(server.api, contributor.token, '/submissions')).data.find((item) => item.title === title)?.upload.bytes_received ?? -1

  // A slow uplink in the first tab, so the file is still on its way while the second one looks on.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
  await first.fill({ title, level: 'Beginner', file: video })
  await first.submit.click()
  // The second tab shows the progress from the device's database, and its own resume pass (as on
  // `online` or its 30 s timer) leaves the upload to the tab that sends it.
  await expect.poll(() => second.uploadPercent(title), { timeout: 30_000 }).toBeGreaterThanOrEqual(5)
  await otherTab.evaluate(() => window.dispatchEvent(new Event('online')))
  await otherTab.waitForTimeout(1_000)
  expect(fromSecond).toEqual([])
  expect(fromFirst.filter((method) => method === 'POST')).toHaveLength(1)

  // Paused in the second tab: the first stops sending.
  await second.item(title).getByRole('button', { name: 'Pause' }).click()
  await expect(first.state(title)).toContainText('Paused at')
  await page.waitForTimeout(1_000) // the request cut off settles on the server
  const sentByFirst = fromFirst.length
  const pausedAt = await bytesReceived()
  await page.waitForTimeout(2_000)
  expect(await bytesReceived()).toBe(pausedAt)
  expect(fromFirst).toHaveLength(sentByFirst)
  expect(pausedAt).toBeLessThan(size)
  await cdp.detach()

  // Resumed in the second tab: one tab carries on from the server's offset with the same upload.
  await second.item(title).getByRole('button', { name: 'Resume' }).click()
  await expect(first.state(title)).toContainText(/Processing|Ready/, { timeout: 60_000 })
  await expect(second.state(title)).toContainText(/Processing|Ready/)
  const afterResume = [fromFirst.slice(sentByFirst), fromSecond]
  expect(afterResume.filter((methods) => methods.length > 0), 'one tab sends after the resume').toHaveLength(1)
  expect([...fromFirst, ...fromSecond].filter((method) => method === 'POST'), 'no second upload replaces the first').toHaveLength(1)
  const submission = (await apiGet<SubmissionBody>(server.api, contributor.token, '/submissions')).data.find((item) => item.title === title)
  expect(submission?.upload).toMatchObject({ state: 'complete', bytes_received: size })
  await otherTab.close()
})

test('the upload form says what is missing, and the guidelines popup lists the level durations', async ({ page, signInAs }) => {
  await signInAs({ contributor: true, path: '/upload' })
  const upload = new UploadPage(page)
  await upload.title.fill('Without a file')
  await upload.level.selectOption({ label: 'Introductory' })
  await upload.submit.click()
  await expect(upload.form.getByText('Please select a video file')).toBeVisible()
  await expect(upload.file).toHaveAttribute('aria-invalid', 'true')
  await expect(upload.form.getByText('Please confirm that everyone featured has signed a release form.')).toBeVisible()
  await expect(upload.form.getByText('MP4, MOV, AVI and other video formats are accepted.')).toBeVisible()

  await upload.form.getByRole('button', { name: /See the guidelines/ }).click()
  const guidelines = page.getByTestId('level-guidelines')
  await expect(guidelines).toContainText('Introductory')
  await expect(guidelines).toContainText('3–6 minutes · 5–10 basic words')
  await expect(guidelines).toContainText('5–10 minutes · 10–20 basic words')
  await expect(guidelines).toContainText('8–15 minutes')
  await expect(guidelines).toContainText('20+ minutes')
  await page.keyboard.press('Escape')
  await expect(guidelines).toBeHidden()
})

test('a learner is told the upload and submissions pages are for contributors', async ({ page, signInAs }) => {
  await signInAs({ path: '/upload' })
  await expect(page.getByTestId('not-allowed')).toContainText('This page is for contributors.')
  await page.goto('/submissions')
  await expect(page.getByTestId('not-allowed')).toBeVisible()
})

test('a contributor deletes a submission after confirming', async ({ page, server, signInAs }) => {
  const contributor = await signInAs({ contributor: true, path: '/contributor-dashboard' })
  const response = await fetch(`${server.api}/submissions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${contributor.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      submission: { title: 'To be deleted', description: '', proficiency_level: 'advanced', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: false },
    }),
  })
  expect(response.status).toBe(201)
  const submissions = new SubmissionsPage(page)
  await submissions.goto()
  const card = submissions.card('To be deleted')
  await expect(card.getByTestId('submission-status')).toHaveText('Waiting for review')
  await expect(card.getByTestId('submission-file')).toHaveText('Waiting for the video file')
  await submissions.delete('To be deleted')
  await expect(submissions.notice).toHaveText('Submission deleted successfully')
  await expect(card).toHaveCount(0)
})

test('the application form shows each coded error, then sends', async ({ page, context }) => {
  const apply = new ApplyPage(page)
  await apply.goto()
  await apply.fillDetails({ name: 'Lan Nguyễn', email: `lan-${Date.now()}@example.com`, location: 'Huế, Vietnam', english: 'A little', notes: 'I teach at a primary school.' })

  await apply.form.getByRole('button', { name: 'Read the sample script' }).click()
  await expect(page.getByTestId('sample-script')).toContainText('Xin chào')
  await page.getByTestId('sample-script').getByRole('button', { name: 'Close' }).click()

  await apply.submit.click()
  await expect(apply.videoError).toHaveText('Please upload a video file.')

  const text = path.join(tmp, 'notes.txt')
  fs.writeFileSync(text, 'not a video')
  await apply.video.setInputFiles(text)
  await apply.submit.click()
  await expect(apply.videoError).toHaveText('Please upload a video file (MP4, WebM, or MOV).')

  // 50 MB exactly: "under 50MB" refuses it (a sparse file, so nothing big is written).
  const big = path.join(tmp, 'big.mp4')
  const handle = fs.openSync(big, 'w')
  fs.ftruncateSync(handle, 50 * 1024 * 1024)
  fs.closeSync(handle)
  await apply.video.setInputFiles(big)
  await apply.submit.click()
  await expect(apply.videoError).toHaveText('Video file is too large. Please keep it under 50MB.')

  // Named like a video, typed like one, but its bytes are text: the server's sniffing refuses it.
  const disguised = path.join(tmp, 'disguised.mp4')
  fs.writeFileSync(disguised, 'plain text pretending to be a video '.repeat(50))
  await apply.video.setInputFiles(disguised)
  await apply.submit.click()
  await expect(apply.error).toHaveText('Please upload a video file (MP4, WebM, or MOV).')

  const real = makeVideo('application.mp4', { seconds: 2 })
  await apply.video.setInputFiles(real)
  await context.setOffline(true)
  await apply.submit.click()
  await expect(apply.error).toHaveText('Something went wrong. Please try again later.')
  await context.setOffline(false)

  await apply.submit.click()
  await expect(apply.success).toHaveText('Thank you! Your application has been submitted.')
})

async function expectNoSeriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

test('the contributor pages have no serious accessibility problem, errors and dialogs included', async ({ page, signInAs }) => {
  test.setTimeout(120_000)
  await page.goto('/apply')
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByTestId('apply-video-error')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Read the sample script' }).click()
  await expectNoSeriousViolations(page, '[data-testid="sample-script"]')
  await page.keyboard.press('Escape')

  await signInAs({ contributor: true, path: '/upload' })
  const upload = new UploadPage(page)
  await upload.submit.click()
  await expect(upload.form.getByText('Please select a video file')).toBeVisible()
  await expectNoSeriousViolations(page)
  await upload.form.getByRole('button', { name: /See the guidelines/ }).click()
  await expectNoSeriousViolations(page, '[data-testid="level-guidelines"]')
  await page.keyboard.press('Escape')

  for (const url of ['/submissions', '/contributor-guidance', '/contributor-resources']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectNoSeriousViolations(page)
  }
})

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

test('screenshots of upload, submissions and apply', async ({ page, signInAs }) => {
  test.setTimeout(180_000)
  /** Dialogs are fixed to the viewport, so they are shot as the screen shows them, not as a full page. */
  const shoot = async (name: string, viewport: string, fullPage = true) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready.then(() => true))
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage })
  }
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await page.goto('/apply')
    await shoot('apply-form', viewport.name)
    await page.getByRole('button', { name: 'Read the sample script' }).click()
    await shoot('apply-script', viewport.name, false)
    await page.keyboard.press('Escape')
  }

  const clip = makeVideo('shots.mp4', { seconds: 2 })
  await signInAs({ contributor: true, path: '/upload' })
  const upload = new UploadPage(page)
  await upload.fill({ title: 'Phở buổi sáng', level: 'Introductory', file: clip, creators: 'binh@example.com', series: 'Ăn sáng', episode: '2' })
  await upload.submit.click()
  await expect(upload.state('Phở buổi sáng')).toHaveText('Ready', { timeout: 120_000 })

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await page.goto('/upload')
    await expect(upload.state('Phở buổi sáng')).toHaveText('Ready')
    await shoot('upload', viewport.name)
    await upload.form.getByRole('button', { name: /See the guidelines/ }).click()
    await shoot('upload-guidelines', viewport.name, false)
    await page.keyboard.press('Escape')
    await upload.submit.click()
    await shoot('upload-errors', viewport.name)
    await page.goto('/submissions')
    await expect(page.getByTestId('submission')).toHaveCount(1)
    await shoot('submissions', viewport.name)
    for (const [name, url] of [
      ['contributor-guidance', '/contributor-guidance'],
      ['contributor-resources', '/contributor-resources'],
    ] as const) {
      await page.goto(url)
      await shoot(name, viewport.name)
    }
  }

  await signInAs({ admin: true, path: '/submissions' })
  const submissions = new SubmissionsPage(page)
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await submissions.goto()
    await expect(submissions.card('Phở buổi sáng')).toBeVisible()
    await shoot('submissions-admin', viewport.name)
    await submissions.openPublish('Phở buổi sáng')
    await shoot('publish', viewport.name, false)
    if (viewport.name === 'desktop') await expectNoSeriousViolations(page, '[data-testid="publish-dialog"]')
    await page.keyboard.press('Escape')
  }
})

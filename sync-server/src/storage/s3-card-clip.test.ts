/**
 * A saved line's clip with MEDIA_STORE=s3 against a real Ceph gateway (issue 43; test-support/ceph-server.ts,
 * skipped with the reason printed where Ceph is not installed): the video's ladder lives only in the
 * bucket, the clip job reads the line's segments from it, cuts the line and stores the clip there, the
 * card's audio URL serves it from the bucket (the line with 0.25 s either side, AAC), and removing the
 * card removes the clip object. DATA_DIR holds no media at any point.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardAudioUrl, uuidv7 } from '../../../contract/index.ts'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { person } from '../../test-support/words-fixtures.ts'
import { mediaDir } from './media-paths.ts'
import { mediaObjectKey } from './media-store.ts'
import type { S3Settings } from './s3-store.ts'

const ceph = cephForThisFile()

describe.skipIf(ceph.missing)('a saved line\'s clip in an S3 bucket (Ceph)', () => {
  let server: TestServer
  let settings: S3Settings
  let s3: S3Client
  let work: string
  let mediaKey: string
  let videoId: number

  const objects = async (prefix: string) => ((await s3.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort()
  const localMedia = () =>
    ['media', 'clips'].flatMap((dir) => {
      const full = path.join(server.dataDir, dir)
      return fs.existsSync(full) ? fs.readdirSync(full, { recursive: true, encoding: 'utf8' }) : []
    })

  beforeAll(async () => {
    settings = ceph.settings()
    s3 = ceph.client(settings)
    server = await startTestServer({ env: { ...ceph.env(settings), OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
    // A ladder with its a48k rendition, made aside and moved into the bucket: the server has it nowhere else.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-s3-card-clip-'))
    mediaKey = makeHlsFixture(work, 12, { audioOnly: true })
    await server.ctx.storage.media.putDir(mediaObjectKey(mediaKey), mediaDir(work, mediaKey))
    videoId = await seedVideo(server, { access: 'free', duration: 12, mediaKey, title: 'Chợ nổi' })
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('is cut from the bucket\'s ladder, stored in the bucket, served from it, and goes with the card', async () => {
    expect(await objects(`media/${mediaKey}/a48k/`)).toContain(`media/${mediaKey}/a48k/index.m3u8`)
    const learner = await person(server, 'learner')
    const line = { client_id: uuidv7(), video_id: videoId, start: 3.4, end: 5.9, text: 'Chợ mở cửa lúc sáu giờ.', translation: 'The market opens at six.', created_at: new Date(server.clock.now()).toISOString() }
    expect((await learner.api.post('/cards', { cards: [line] })).body.data.accepted).toEqual([line.client_id])
    await server.ctx.jobs.whenIdle()

    const page = (await learner.api.get('/me/cards?language=vi')).body as { data: Array<{ id: string; audio_ready: boolean }>; audio_grant: string }
    expect(page.data.map((card) => [card.id, card.audio_ready])).toEqual([[line.client_id, true]])
    const clips = await objects(`clips/${mediaKey}/`)
    // The line with 0.25 s either side, named by ladder and span.
    expect(clips).toEqual([`clips/${mediaKey}/3150-6150.m4a`])
    expect(localMedia()).toEqual([])

    const answer = await fetch(`${server.baseUrl}${cardAudioUrl(line.client_id, page.audio_grant)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('audio/mp4')
    const bytes = Buffer.from(await answer.arrayBuffer())
    const file = path.join(work, 'clip.m4a')
    fs.writeFileSync(file, bytes)
    const probed = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,channels', '-of', 'json', file], { encoding: 'utf8' })) as {
      format: { duration: string }
      streams: Array<{ codec_name: string; channels: number }>
    }
    expect(probed.streams).toEqual([{ codec_name: 'aac', channels: 1 }])
    expect(Number(probed.format.duration)).toBeGreaterThan(2.9)
    expect(Number(probed.format.duration)).toBeLessThan(3.15)
    // A range, as Safari asks first, answered from the bucket too.
    const ranged = await fetch(`${server.baseUrl}${cardAudioUrl(line.client_id, page.audio_grant)}`, { headers: { range: 'bytes=0-1' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(0, 2))

    // Removed: the card, and with it the clip object no other card plays.
    expect((await learner.api.post('/card_removals', { removals: [{ client_id: uuidv7(), card_id: line.client_id, occurred_at: new Date(server.clock.now()).toISOString() }] })).body.data.accepted).toHaveLength(1)
    await server.ctx.jobs.whenIdle()
    await expect.poll(() => objects(`clips/${mediaKey}/`)).toEqual([])
  })
})

/**
 * Downloads keep the video's detail for its offline page, through the real download manager: a
 * detail fetched (a resume, a download started from a list) and a detail the page handed over.
 */
import { Dexie, type EntityTable } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { createDownloadManager, DownloadError, type DownloadRecord } from './download-manager.ts'
import { savingGetVideo, savingKnownDetail } from './keep-detail.ts'
import { videoDetail } from '../../test-support/videos.ts'

const detail = (id: number, overrides: Partial<VideoDetail> = {}) =>
  videoDetail(id, { duration_seconds: 12, thumbnail_url: `/media/${'a'.repeat(32)}/poster.jpg`, ...overrides })

let opened: Dexie | undefined
afterEach(async () => {
  await opened?.delete()
  opened = undefined
})

function setUp(answer: (videoId: number) => Promise<VideoDetail>, save: (videoId: number, video: VideoDetail) => Promise<unknown>) {
  const db = new Dexie(`keep-detail-${Math.random()}`) as Dexie & { downloads: EntityTable<DownloadRecord, 'videoId'> }
  db.version(1).stores({ downloads: 'videoId, status' })
  opened = db
  const fetched: number[] = []
  const manager = savingKnownDetail(
    createDownloadManager({
      table: db.downloads,
      getVideo: savingGetVideo((videoId) => {
        fetched.push(videoId)
        return answer(videoId)
      }, save),
      // The playlists are refused: each download stops right after its detail was used.
      fetch: async () => new Response('', { status: 403 }),
      openCache: async () => ({}) as Cache,
      origin: () => 'http://app/',
    }),
    save,
  )
  return { db, manager, fetched }
}

describe('a download keeps its video detail for the offline page', () => {
  it('saves the detail it fetched, for a download started without one (the list, smart downloads)', async () => {
    const saved = new Map<number, VideoDetail>()
    const { manager, fetched } = setUp(async (id) => detail(id), async (id, video) => saved.set(id, video))
    await expect(manager.start(7, 360)).rejects.toMatchObject({ code: 'not_entitled' })
    expect(fetched).toEqual([7])
    expect(saved.get(7)?.title).toBe('Video 7')
  })

  it('saves the detail of a download resumed after a reload', async () => {
    const saved = new Map<number, VideoDetail>()
    const { db, manager } = setUp(async (id) => detail(id), async (id, video) => saved.set(id, video))
    await db.downloads.put({
      videoId: 3,
      title: 'Video 3',
      languageCode: 'vi',
      accessLevel: 'free',
      durationSeconds: 12,
      height: 360,
      status: 'waiting_for_network',
      bytesDone: 0,
      bytesTotal: 1,
      filesDone: 0,
      filesTotal: 1,
      createdAt: 0,
    })
    await manager.resumeInterrupted()
    expect([...saved.keys()]).toEqual([3])
  })

  it('saves the detail the page handed over, which the manager uses instead of fetching one', async () => {
    const saved = new Map<number, VideoDetail>()
    const { manager, fetched } = setUp(async (id) => detail(id), async (id, video) => saved.set(id, video))
    const known = detail(5, { title: 'From the page' })
    await expect(manager.start(5, 360, known)).rejects.toBeInstanceOf(DownloadError)
    expect(fetched).toEqual([])
    expect(saved.get(5)).toBe(known)
  })

  it('saves nothing when the detail cannot be had, and a failed save does not stop the download', async () => {
    const saved: number[] = []
    const gone = setUp(
      async () => {
        throw Object.assign(new Error('gone'), { status: 404 })
      },
      async (id) => saved.push(id),
    )
    await expect(gone.manager.start(9, 360)).rejects.toBeInstanceOf(DownloadError)
    expect(saved).toEqual([])

    const full = setUp(
      async (id) => detail(id),
      async () => {
        throw new Error('disk full')
      },
    )
    // The download went on past the failed save, to the playlist (refused here).
    await expect(full.manager.start(4, 360)).rejects.toMatchObject({ code: 'not_entitled' })
  })
})

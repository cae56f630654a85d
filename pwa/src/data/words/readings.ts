/**
 * The readings of a video's lines (issue 46): for a Cantonese video, each character's Jyutping, as the
 * server computes them into its transcript (GET /videos/ID/transcript, `readings` beside `tokens`; the
 * lexicon's corrections applied). The PWA never loads the reading dictionary itself (to-jyutping's 390
 * KB stay on the server): it keeps each video's readings by line text in db.records, so a line shows its
 * readings offline once the video has been opened online. Lines match by their text (the caption track
 * and the transcript hold the same cues), so the picture's captions and the transcript both find them.
 */
import type { Reading } from '../../../../contract/readings.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import { useEffect } from 'react'

export type { Reading }

/** The languages whose lines have readings (the server's services/readings.service.ts). */
const READING_LANGUAGES = new Set(['yue'])

const keyOf = (videoId: number, language: string) => `readings:${videoId}:${language}` as const

const transcriptPage = (videoId: number, language: string, cursor: string) =>
  call('videos.transcript', undefined, { params: { id: videoId }, query: { lang: language, cursor } })

/** Fetches a video's transcript pages and keeps their readings; a refusal or no network keeps what was kept. */
export async function fetchReadings(videoId: number, language: string): Promise<void> {
  const lines: Array<{ text: string; readings: Reading[] }> = []
  for (let cursor: string | null = '0'; cursor !== null; ) {
    const page: Awaited<ReturnType<typeof transcriptPage>> = await transcriptPage(videoId, language, cursor)
    for (const cue of page.data) if (cue.readings) lines.push({ text: cue.text, readings: cue.readings })
    cursor = page.next_cursor
  }
  await db.records.put({ key: keyOf(videoId, language), value: lines })
}

/** A video's readings by line text (undefined: none kept, or a language without readings); fetched on first use. */
export function useReadings(videoId: number | undefined, language: string | undefined): ReadonlyMap<string, readonly Reading[]> | undefined {
  const wanted = videoId !== undefined && language !== undefined && READING_LANGUAGES.has(language)
  useEffect(() => {
    if (wanted) void fetchReadings(videoId, language).catch(() => undefined)
  }, [wanted, videoId, language])
  return useLiveData(async () => {
    if (!wanted) return undefined
    const record = await db.records.get(keyOf(videoId, language))
    return record ? new Map((record.value as Array<{ text: string; readings: Reading[] }>).map((line) => [line.text, line.readings])) : undefined
  }, [wanted, videoId, language])
}

/**
 * An Anki package (.apkg) of saved lines (issue 43): a zip holding `collection.anki2` (a SQLite file in
 * Anki's schema 11, the tables and the `col` row as genanki writes them), the `media` map
 * (`{"0": "dehieu-….m4a", …}`) and the audio files named 0, 1, …. One model ("Dễ Hiểu sentence") with the
 * fields Sentence, Translation, Audio and Source and one card template, in one deck. A card's FSRS
 * state goes over as Anki's own: new cards stay new, cards in review are due on their day with their
 * interval, cards in (re)learning are due at their time. Each card's reviews go into `revlog`, as Anki
 * logs its own: the grade, the interval after and before (days; seconds, negative, while learning), the
 * time taken (at most Anki's 60 s) and the kind (learning, review, relearning), so Anki's statistics
 * and its FSRS optimizer see the history.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { zipSync, type Zippable } from 'fflate'

export interface AnkiNote {
  /** Stable across exports (the card's client id): Anki updates the note rather than adding it twice. */
  guid: string
  sentence: string
  translation: string
  /** The audio file's name inside the package (`[sound:…]` names it), or null without a clip. */
  audioName: string | null
  audio: Uint8Array | null
  source: string
  schedule: { state: 'new' | 'learning' | 'review' | 'relearning'; dueMs: number; intervalDays: number; reps: number; lapses: number }
  /** The card's reviews, oldest first. */
  reviews: readonly AnkiReview[]
}

export interface AnkiReview {
  /** Epoch ms (Anki's revlog id; kept apart from the card's other reviews). */
  atMs: number
  rating: 1 | 2 | 3 | 4
  durationMs: number
  /** The card's state before the review. */
  before: 'new' | 'learning' | 'review' | 'relearning'
  /** The interval after it, and before it, in ms (the time to the next due). */
  intervalMs: number
  lastIntervalMs: number
}

const DAY_MS = 86_400_000
/** Anki's revlog interval: days once a day or more, negative seconds under it. */
const revlogInterval = (ms: number) => (ms >= DAY_MS ? Math.round(ms / DAY_MS) : -Math.max(1, Math.round(ms / 1000)))
const REVLOG_TYPE = { new: 0, learning: 0, review: 1, relearning: 2 } as const

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`

export const ANKI_FIELDS = ['Sentence', 'Translation', 'Audio', 'Source'] as const
/** Fixed ids, so a second import of a later export finds the same model and deck. */
const MODEL_ID = 1_733_000_043_001
const DECK_ID = 1_733_000_043_002
const CSS = '.card { font-family: sans-serif; font-size: 24px; text-align: center; color: #1a1a1a; background: #fff; }\n.translation { font-size: 18px; color: #555; }\n.source { font-size: 14px; color: #888; }'

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** genanki's checksum: the first 8 hex digits of the SHA-1 of the sort field, as a number. */
const checksum = (text: string) => parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16)

function collectionJson(deckName: string, nowSeconds: number) {
  const model = {
    id: String(MODEL_ID),
    name: 'Dễ Hiểu sentence',
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: DECK_ID,
    tags: [],
    vers: [],
    css: CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0, 2]]],
    flds: ANKI_FIELDS.map((name, ord) => ({ name, ord, font: 'Arial', media: [], rtl: false, size: 20, sticky: false })),
    tmpls: [
      {
        name: 'Listen',
        ord: 0,
        qfmt: '{{Audio}}',
        afmt: '{{FrontSide}}<hr id="answer">{{Sentence}}<div class="translation">{{Translation}}</div><div class="source">{{Source}}</div>',
        did: null,
        bqfmt: '',
        bafmt: '',
      },
    ],
  }
  const deck = (id: number, name: string) => ({
    id,
    name,
    desc: '',
    dyn: 0,
    conf: 1,
    collapsed: false,
    extendNew: 10,
    extendRev: 50,
    mod: nowSeconds,
    usn: -1,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  })
  const conf = { activeDecks: [1], curDeck: 1, newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true, curModel: null, nextPos: 1, sortType: 'noteFld', sortBackwards: false, addToCur: true }
  const dconf = {
    1: {
      id: 1,
      name: 'Default',
      mod: 0,
      usn: 0,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { bury: true, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
      rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
      lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    },
  }
  return {
    conf: JSON.stringify(conf),
    models: JSON.stringify({ [MODEL_ID]: model }),
    decks: JSON.stringify({ 1: deck(1, 'Default'), [DECK_ID]: deck(DECK_ID, deckName) }),
    dconf: JSON.stringify(dconf),
  }
}

/** Anki's type, queue, due and interval for a card with this schedule (`crt`: the collection's day 0, in seconds). */
function ankiSchedule(schedule: AnkiNote['schedule'], position: number, crt: number) {
  if (schedule.state === 'new') return { type: 0, queue: 0, due: position, ivl: 0 }
  if (schedule.state === 'review') return { type: 2, queue: 2, due: Math.max(0, Math.floor((schedule.dueMs / 1000 - crt) / 86_400)), ivl: Math.max(1, Math.round(schedule.intervalDays)) }
  return { type: schedule.state === 'learning' ? 1 : 3, queue: 1, due: Math.floor(schedule.dueMs / 1000), ivl: 0 }
}

function writeCollection(file: string, deckName: string, notes: readonly AnkiNote[], nowMs: number) {
  const db = new Database(file)
  try {
    db.exec(SCHEMA)
    const now = Math.floor(nowMs / 1000)
    // Day 0 of the collection: four in the morning (UTC) of today, as Anki counts days.
    const crt = Math.floor(nowMs / 86_400_000) * 86_400 + 4 * 3600 - 86_400
    const json = collectionJson(deckName, now)
    db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(crt, nowMs, nowMs, json.conf, json.models, json.decks, json.dconf, '{}')
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)')
    const card = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)')
    const revlog = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)')
    const logged = new Set<number>()
    db.transaction(() => {
      notes.forEach((item, index) => {
        const id = nowMs + index
        const fields = [escapeHtml(item.sentence), escapeHtml(item.translation), item.audioName ? `[sound:${item.audioName}]` : '', escapeHtml(item.source)]
        note.run(id, item.guid, MODEL_ID, now, ' dehieu ', fields.join('\x1f'), fields[0], checksum(fields[0]!), '')
        const scheduled = ankiSchedule(item.schedule, index + 1, crt)
        const factor = item.schedule.state === 'new' ? 0 : 2500
        card.run(id, id, DECK_ID, now, scheduled.type, scheduled.queue, scheduled.due, scheduled.ivl, factor, item.schedule.reps, item.schedule.lapses, '')
        for (const review of item.reviews) {
          // revlog's id is its time in ms and must be unique: two reviews in one ms move one on.
          let at = review.atMs
          while (logged.has(at)) at++
          logged.add(at)
          const time = Math.max(0, Math.min(60_000, Math.round(review.durationMs)))
          revlog.run(at, id, review.rating, revlogInterval(review.intervalMs), revlogInterval(review.lastIntervalMs), 2500, time, REVLOG_TYPE[review.before])
        }
      })
    })()
  } finally {
    db.close()
  }
}

/** The package's bytes. */
export function buildAnkiPackage(options: { deckName: string; notes: readonly AnkiNote[]; nowMs: number }): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apkg-'))
  try {
    const file = path.join(dir, 'collection.anki2')
    writeCollection(file, options.deckName, options.notes, options.nowMs)
    const media: Record<string, string> = {}
    const entries: Zippable = { 'collection.anki2': fs.readFileSync(file) }
    let index = 0
    for (const note of options.notes) {
      if (!note.audio || !note.audioName) continue
      media[String(index)] = note.audioName
      // Stored, not deflated: AAC does not shrink.
      entries[String(index)] = [note.audio, { level: 0 }]
      index++
    }
    entries.media = new TextEncoder().encode(JSON.stringify(media))
    return zipSync(entries, { level: 6 })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

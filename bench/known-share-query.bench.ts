/**
 * The videos list's query alone, with the kept sums joined (what the list runs since branch w42) and
 * without the joins (the list before issue 42), on SQLite and on a throwaway PostgreSQL at its default
 * durability (bench/lib/postgres.ts): the repository's `list` for the first page (LIST_DEFAULT_LIMIT + 1
 * rows, as the service asks) newest first, over the 1,000 videos and 1,700 word states of
 * known-share.bench.ts. Each call timed on its own, the two alternating call by call; medians of many
 * calls, so a service's other reads (progress, ratings, tracks) do not hide what the joins cost.
 */
import { LIST_DEFAULT_LIMIT } from '../contract/limits.ts'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { median } from './lib/browser.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'
import { learnerStates, seedKnownShare, videoCounts } from './known-share.bench.ts'

const CALLS = Number(process.env.KNOWN_SHARE_QUERY_CALLS ?? 2_000)

export interface ListQueryFigures {
  engine: string
  calls: number
  joinedMs: number
  plainMs: number
  ratio: number
  /** Joined minus plain, ms a page. */
  extraMs: number
}

export interface KnownShareQueryResult {
  sqlite: ListQueryFigures
  postgres: ListQueryFigures | { engine: string; unavailable: string }
}

async function timeList(server: TestServer, engine: string): Promise<ListQueryFigures> {
  const { user } = await signIn(server, 'known-share-query@example.com')
  await seedKnownShare(server, videoCounts(), learnerStates(), user.id)
  const list = (withKeptSums: boolean) => server.ctx.repositories.catalogue.list({ languageCode: 'vi', userId: user.id, sort: 'newest', limit: LIST_DEFAULT_LIMIT + 1, withKeptSums })
  const joinedRows = await list(true)
  if (joinedRows.length !== LIST_DEFAULT_LIMIT + 1 || joinedRows[0]?.kept_total == null) throw new Error('the joined list carries no kept sums: the seed is wrong')
  // Warm both statements (prepared once per SQL text) and the caches.
  for (let i = 0; i < 100; i++) {
    await list(true)
    await list(false)
  }
  const joined: number[] = []
  const plain: number[] = []
  for (let call = 0; call < CALLS; call++) {
    const order = call % 2 === 0 ? [true, false] : [false, true]
    for (const withKeptSums of order) {
      const started = performance.now()
      await list(withKeptSums)
      ;(withKeptSums ? joined : plain).push(performance.now() - started)
    }
  }
  const joinedMs = median(joined)
  const plainMs = median(plain)
  return { engine, calls: CALLS, joinedMs, plainMs, ratio: joinedMs / plainMs, extraMs: joinedMs - plainMs }
}

function print(figures: ListQueryFigures): void {
  console.log(`  ${figures.engine}: with the joins ${figures.joinedMs.toFixed(3)} ms, without ${figures.plainMs.toFixed(3)} ms (medians of ${figures.calls} calls each, alternating); ratio ${figures.ratio.toFixed(3)}, ${figures.extraMs >= 0 ? '+' : ''}${figures.extraMs.toFixed(3)} ms a page`)
}

export async function runKnownShareQueryBench(): Promise<KnownShareQueryResult> {
  console.log(`\n## The videos list's query alone (first page, ${LIST_DEFAULT_LIMIT + 1} rows, newest), with the kept sums joined and without`)
  const server = await startTestServer({ checkAnswers: false })
  let sqlite: ListQueryFigures
  try {
    sqlite = await timeList(server, 'SQLite')
  } finally {
    await server.close()
  }
  print(sqlite)
  const unavailable = postgresUnavailable()
  if (unavailable) {
    console.log(`  PostgreSQL: ${unavailable}`)
    return { sqlite, postgres: { engine: 'PostgreSQL', unavailable } }
  }
  const postgres = await startBenchPostgres()
  try {
    const database = await postgres.createDatabase()
    try {
      const pgServer = await startTestServer({ checkAnswers: false, env: { DATABASE_URL: database.url } })
      try {
        const figures = await timeList(pgServer, await postgres.describe())
        print(figures)
        return { sqlite, postgres: figures }
      } finally {
        await pgServer.close()
      }
    } finally {
      await database.drop()
    }
  } finally {
    postgres.stop()
  }
}

/**
 * The layers of both halves, checked by `npm run lint` (dependency-cruiser). An arrow that runs up a
 * layer, or any import cycle, fails the lint. Read a rule as "from … may not import … to".
 * @type {import('dependency-cruiser').IConfiguration}
 */
const server = '^sync-server/src/'

/**
 * The PWA's features/ and routes/ hold UI only: IndexedDB is reached through pwa/src/data.
 * Today's files that still open Dexie themselves (issue 30, the PWA half moves them into data/):
 * empty this list as they move; a file added here is a step back.
 */
const dexieInUiToday = [
  'pwa/src/features/compass/ListCompass.tsx',
  'pwa/src/features/compass/ProgressCompass.tsx',
  'pwa/src/features/compass/next-for-you.ts',
  'pwa/src/features/compass/ratings.ts',
  'pwa/src/features/compass/up-next.ts',
  'pwa/src/features/contribute/UploadQueueList.tsx',
  'pwa/src/features/downloads/smart-downloads.ts',
  'pwa/src/features/downloads/use-downloads-needed.ts',
  'pwa/src/features/downloads/use-downloads.ts',
  'pwa/src/features/languages/languages-store.ts',
  'pwa/src/features/watching/SyncDialog.tsx',
  'pwa/src/features/watching/SyncIndicator.tsx',
  'pwa/src/features/watching/catalogue.ts',
  'pwa/src/features/watching/comments.ts',
  'pwa/src/features/watching/offline-transcript-matches.ts',
  'pwa/src/features/watching/progress-store.ts',
  'pwa/src/features/watching/today-seconds.ts',
  'pwa/src/features/watching/video-detail.ts',
  'pwa/src/routes/VideoPage.tsx',
]
/**
 * Import cycles today through the PWA's Dexie schema: db.ts takes record types from its own consumers
 * (the PWA half of issue 30 gives db.ts its own types). Empty this list when that lands.
 */
const pwaCyclesToday = [
  'pwa/src/data/db.ts',
  'pwa/src/data/comment-copies.ts',
  'pwa/src/data/open-stretches.ts',
  'pwa/src/data/sent-watch.ts',
  'pwa/src/features/compass/ratings.ts',
]
/** Server arrows up a layer today, removed by this branch as the files move (issue 30, server half). */
const serverUpArrowsToday = [
  'sync-server/src/watching/ingest-thread.ts',
  'sync-server/src/watching/watch-ingest.ts',
  'sync-server/src/db/dialect/watch-ingest.sqlite.ts',
  'sync-server/src/db/dialect/watch-ingest.postgres.ts',
  'sync-server/src/services/users.service.ts',
  'sync-server/src/services/publishing.service.ts',
  'sync-server/src/services/devices.service.ts',
  'sync-server/src/services/contributor-applications.service.ts',
  'sync-server/src/services/comments.service.ts',
  'sync-server/src/services/catalogue.service.ts',
]
const escape = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const exactly = (files) => files.map((file) => `^${escape(file)}$`)
/** Tests reach across layers on purpose (a fixture, a table read back): the layer rules are for the code. */
const tests = '\\.test\\.tsx?$'

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: the two modules are one layer pretending to be two.',
      from: { pathNot: exactly([...pwaCyclesToday, ...serverUpArrowsToday]) },
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'contract/ sits under both halves: it imports only itself and npm packages.',
      from: { path: '^contract/' },
      to: { path: '^(sync-server|pwa|bench|e2e|locales)/' },
    },
    {
      name: 'halves-apart',
      severity: 'error',
      comment: 'The server and the PWA meet only in contract/.',
      from: { path: '^pwa/', pathNot: tests },
      to: { path: '^sync-server/' },
    },
    {
      name: 'server-not-into-pwa',
      severity: 'error',
      from: { path: '^sync-server/', pathNot: tests },
      to: { path: '^pwa/' },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment: 'Repositories hold SQL: they do not call services, routes or HTTP code.',
      from: { path: `${server}repositories/`, pathNot: tests },
      to: { path: `${server}(services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'services-below-http',
      severity: 'error',
      comment: 'Routes parse, services decide: a service imports no request parsing, no web/ types, no route.',
      from: { path: `${server}services/`, pathNot: [tests, ...exactly(serverUpArrowsToday)] },
      to: { path: `${server}(middleware|web|routes)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'db-below-everything',
      severity: 'error',
      comment: 'db/ (connection, migrations, dialect SQL) imports no repository, service or HTTP code.',
      from: { path: `${server}db/`, pathNot: [tests, ...exactly(serverUpArrowsToday)] },
      to: { path: `${server}(repositories|services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'no-dexie-in-ui',
      severity: 'error',
      comment: "The PWA's features/ and routes/ hold UI only: IndexedDB is reached through pwa/src/data.",
      from: {
        path: '^pwa/src/(features|routes)/',
        pathNot: [tests, ...exactly(dexieInUiToday)],
      },
      to: { path: ['(^|/)node_modules/(dexie|dexie-react-hooks)/', '^pwa/src/data/db\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}

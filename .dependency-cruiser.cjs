/**
 * The layers of both halves, checked by `npm run lint` (dependency-cruiser). An arrow that runs up a
 * layer, or any import cycle, fails the lint. Read a rule as "from … may not import … to".
 * @type {import('dependency-cruiser').IConfiguration}
 */
const server = '^sync-server/src/'

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
      from: { pathNot: exactly(serverUpArrowsToday) },
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
        pathNot: tests,
      },
      to: { path: ['(^|/)node_modules/(dexie|dexie-react-hooks)/', '^pwa/src/data/db\\.ts$'] },
    },
    {
      name: 'data-below-ui',
      severity: 'error',
      comment: "pwa/src/data is the door to IndexedDB and the network: it imports no screen (features, routes, components, app).",
      from: { path: '^pwa/src/data/', pathNot: tests },
      to: { path: '^pwa/src/(features|routes|components|app)/' },
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

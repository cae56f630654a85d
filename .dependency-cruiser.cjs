/**
 * The layers of both halves, checked by `npm run lint` (dependency-cruiser). An arrow that runs up a
 * layer, or any import cycle, fails the lint. Read a rule as "from … may not import … to".
 * @type {import('dependency-cruiser').IConfiguration}
 */
const server = '^sync-server/src/'

/** Tests reach across layers on purpose (a fixture, a table read back): the layer rules are for the code. */
const tests = '\\.test\\.tsx?$'

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: the two modules are one layer pretending to be two.',
      from: {},
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
      from: { path: `${server}services/`, pathNot: tests },
      to: { path: `${server}(middleware|web|routes)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'db-below-everything',
      severity: 'error',
      comment: 'db/ (connection, migrations, dialect SQL) imports no repository, service or HTTP code.',
      from: { path: `${server}db/`, pathNot: tests },
      to: { path: `${server}(repositories|services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'watch-ingest-is-a-pipeline',
      severity: 'error',
      comment: 'The watch ingest (its rules, stores and thread) is one folder beside the services: it uses rules/, db/ and repositories/, never services or HTTP code.',
      from: { path: `${server}watch-ingest/`, pathNot: tests },
      to: { path: `${server}(services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'rules-are-pure',
      severity: 'error',
      comment: 'rules/ decides from values: no database, no files, no network, no HTTP. It imports the contract, errors.ts, the table types of db/schema.ts and itself.',
      from: { path: `${server}rules/`, pathNot: tests },
      to: { pathNot: [`^contract/`, `${server}rules/`, `${server}errors\\.ts$`, `${server}db/schema(\\.ts$|/)`] },
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
      name: 'no-zod-in-the-pwa',
      severity: 'error',
      comment: "The PWA loads no zod (93 KB of JavaScript on every signed-in page): it takes the contract's types with `import type`, and the values it needs from limits.ts and vocabulary.ts.",
      from: { path: '^pwa/src/', pathNot: tests },
      to: { path: ['(^|/)node_modules/zod/', '^contract/(schemas/|route-schemas\\.ts$|index\\.ts$)'], dependencyTypesNot: ['type-only'] },
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

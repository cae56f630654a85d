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
      name: 'storage-below-media',
      severity: 'error',
      comment: 'storage/ keeps and sends bytes (disk or bucket, the media layout): it knows no ffmpeg, grants or HLS (media/), no service and no HTTP route.',
      from: { path: `${server}storage/`, pathNot: tests },
      to: { path: `${server}(media|services|routes|middleware|web|jobs|billing)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'media-below-services',
      severity: 'error',
      comment: 'media/ (every ffmpeg spawn, grants, serving HLS) uses storage/, rules/ and repositories/; it calls no service and no route.',
      from: { path: `${server}media/`, pathNot: tests },
      to: { path: `${server}(services|routes|middleware|web|jobs|billing)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'jobs-below-services',
      severity: 'error',
      comment: 'jobs/ is the durable queue and its kinds: handlers are given to it by the wiring, so it imports no service, route or HTTP code.',
      from: { path: `${server}jobs/`, pathNot: tests },
      to: { path: `${server}(services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'billing-below-services',
      severity: 'error',
      comment: 'billing/ talks to the payment provider and records subscriptions through repositories/: no service, route or HTTP code.',
      from: { path: `${server}billing/`, pathNot: tests },
      to: { path: `${server}(services|routes|middleware|web)/|${server}(app|context)\\.ts$` },
    },
    {
      name: 'pwa-data-imports-no-screen',
      severity: 'error',
      comment: "pwa/src/data is the bottom of the PWA: the door to IndexedDB and the network. It imports no page, feature, component, player, service worker or i18n module.",
      from: { path: '^pwa/src/data/', pathNot: tests },
      to: { path: '^pwa/src/(app|pages|features|components|player|service-worker|i18n|styles)/' },
    },
    {
      name: 'pwa-components-below-features',
      severity: 'error',
      comment: 'components/ are the shared pieces of UI: they know no page, no feature area and no player.',
      from: { path: '^pwa/src/components/', pathNot: tests },
      to: { path: '^pwa/src/(app|pages|features|player|service-worker)/' },
    },
    {
      name: 'pwa-features-below-pages',
      severity: 'error',
      comment: 'A feature area is a part of pages: it imports no page and nothing of the app frame (app/).',
      from: { path: '^pwa/src/(features|player)/', pathNot: tests },
      to: { path: '^pwa/src/(app|pages|service-worker)/' },
    },
    {
      name: 'pwa-player-engine-below-its-ui',
      severity: 'error',
      comment: "player/ (outside player/ui/) is the playback engine and the watch tracker: no React screen of the player's or of any feature.",
      from: { path: '^pwa/src/player/', pathNot: [tests, '^pwa/src/player/ui/'] },
      to: { path: '^pwa/src/(features|player/ui)/' },
    },
    {
      name: 'pwa-pages-below-app',
      severity: 'error',
      comment: 'pages/ are what app/ routes to: a page imports no part of the frame (app/).',
      from: { path: '^pwa/src/pages/', pathNot: tests },
      to: { path: '^pwa/src/(app|service-worker)/' },
    },
    {
      name: 'pwa-service-worker-through-data',
      severity: 'error',
      comment: 'The service worker reaches caches, records and the network through pwa/src/data only: it imports no UI.',
      from: { path: '^pwa/src/service-worker/', pathNot: tests },
      to: { path: '^pwa/src/(app|pages|features|components|player|i18n|styles)/' },
    },
    {
      name: 'no-dexie-in-ui',
      severity: 'error',
      comment: "Outside pwa/src/data nothing opens IndexedDB: pages, features, components, the player, the frame and the service worker reach it through data/.",
      from: {
        path: '^pwa/src/(?!data/)',
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

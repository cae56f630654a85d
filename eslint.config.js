import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  {
    // The few plain scripts the pages load before the app: browser globals.
    files: ['public/**/*.js'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', localStorage: 'readonly', location: 'readonly', navigator: 'readonly', fetch: 'readonly', Intl: 'readonly' } },
    // Plain ES5 on purpose (old browsers): `catch (e)` needs its binding there.
    rules: { 'no-useless-assignment': 'off', '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    // The dependency-cruiser config is CommonJS (the tool's own format).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Issue 40: a file or a function a reader can hold in mind. Files: hand-written source only (tests,
    // e2e, bench, the scale test and test helpers aside; SQL, migrations and locales are not linted).
    files: ['**/*.{ts,tsx,js,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'sync-server/scale-test/**', '**/test-support/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    // The allowlist (functions only; files never pass 400). Each entry says why, and is held to a bound
    // rather than let go, so it cannot grow unseen. Remove an entry once its function is split.
    // - The catalogue and submissions repositories, the catalogue and uploads services: each factory is
    //   a table of methods over one handle, each under 50 lines (but the catalogue's one list query,
    //   81, the filter SQL kept whole); the rule counts their sum, and splitting the table would scatter
    //   one entity's queries or rules over files.
    files: [
      'sync-server/src/repositories/catalogue.repository.ts',
      'sync-server/src/repositories/submissions.repository.ts',
      'sync-server/src/services/catalogue.service.ts',
      'sync-server/src/services/uploads.service.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 180 }] },
  },
  {
    // Live queries go through data/use-live-data.ts: answers applied as transitions (see there).
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/data/use-live-data.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'dexie-react-hooks', importNames: ['useLiveQuery'], message: 'Use useLiveData from data/use-live-data.ts.' }] }],
    },
  },
)

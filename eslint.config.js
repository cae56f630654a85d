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
    // Live queries go through data/use-live-data.ts: answers applied as transitions (see there).
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/data/use-live-data.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'dexie-react-hooks', importNames: ['useLiveQuery'], message: 'Use useLiveData from data/use-live-data.ts.' }] }],
    },
  },
)

// @vitest-environment node
import { fileURLToPath } from 'node:url'
import { resolveConfig } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url))
const shellNodeEnv = process.env.NODE_ENV

afterEach(() => {
  process.env.NODE_ENV = shellNodeEnv
})

describe('the PWA build', () => {
  it("ships React's production build even when the shell says NODE_ENV=development (npm start)", async () => {
    process.env.NODE_ENV = 'development'
    // As `vite build` resolves it: command build, default mode production.
    const config = await resolveConfig({ configFile, logLevel: 'silent' }, 'build', 'production')
    expect(config.isProduction).toBe(true)
    expect(process.env.NODE_ENV).toBe('production') // what Vite defines for React's `process.env.NODE_ENV` checks
  })

  it('still makes a development build when asked for one with --mode development', async () => {
    process.env.NODE_ENV = 'development'
    const config = await resolveConfig({ configFile, logLevel: 'silent', mode: 'development' }, 'build', 'production')
    expect(config.isProduction).toBe(false)
  })
})

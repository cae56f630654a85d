/** vitest globalSetup of the server-postgres project: one PostgreSQL for the run, its admin URL provided to the workers. */
import { startPostgres } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
  }
}

export default async function setup({ provide }: { provide: (key: 'postgresAdminUrl', value: string) => void }) {
  const server = await startPostgres()
  provide('postgresAdminUrl', server.adminUrl)
  return () => server.stop()
}

/** vitest globalSetup of the server-postgres project: one PostgreSQL for the run, its admin URL provided to the workers. */
import { startPostgres } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
  }
}

export default async function setup({ provide }: { provide: (key: 'postgresAdminUrl', value: string) => void }) {
  // A server named by DATABASE_URL is used as it is (its role must be allowed to create databases).
  if (process.env.DATABASE_URL) {
    provide('postgresAdminUrl', process.env.DATABASE_URL)
    return () => undefined
  }
  const server = await startPostgres()
  provide('postgresAdminUrl', server.adminUrl)
  return () => server.stop()
}

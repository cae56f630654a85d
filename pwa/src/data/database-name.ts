/** The app's IndexedDB database: the pages' schema opens it (db.ts), and so does the service worker (downloads/background-finish.ts). */
export const DATABASE_NAME = 'de-hieu'

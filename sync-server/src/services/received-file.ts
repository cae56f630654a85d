/**
 * A file a request brought, already on disk in DATA_DIR's incoming area and sniffed: what a service
 * takes from a form, whichever body reader received it (body-readers/multipart.ts today).
 */
export interface ReceivedFile {
  path: string
  bytes: number
  /** The type its first bytes show (never the client's word for it), and the extension that goes with it. */
  type: string
  ext: string
}

/**
 * A tus PATCH (or creation-with-upload POST) body read straight from Node's request into the store
 * (issue 47). @tus/server 2 takes a web `Request` (srvx's wrapper of Node's): its handlers hand the
 * store `Readable.fromWeb(Readable.toWeb(req))` piped through a PassThrough and a StreamLimiter, so each
 * 64 KB piece of a 16 MiB PATCH went through a web stream's queue and two promise turns each way before
 * the part cutter saw it. Here the store reads one Readable fed by the request's own `data` events.
 *
 * What tus's own path guarantees is kept: the request is never destroyed by the store's failure (the
 * error answer still reaches the client: the body only lets go of the request); a body longer than the
 * handler allows fails with tus's 413; a client gone mid-body (the request's signal aborted) ends the
 * body where it is, so the store keeps what arrived (none of it was acknowledged), as tus does; any other
 * request error is tus's ABORTED.
 *
 * How: `onIncomingRequest` (called by tus before its handlers read `req.body`) gives the web request a
 * `body` of its own, a web stream that reads the Node request only if something reads it; the handlers'
 * `writeToStore` is wrapped so that, given that very stream untouched, it reads the Node request instead.
 */
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { ERRORS, EVENTS, type CancellationContext, type DataStore, type Server, type Upload } from '@tus/server'

/** The Node request behind each body stream handed out here (only those). */
const nodeRequests = new WeakMap<ReadableStream, IncomingMessage>()

/** tus's 413, as its own StreamLimiter fails (status_code and body read by tus's error answer). */
class TooLargeBody extends Error {
  readonly status_code = ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code
  readonly body = ERRORS.ERR_MAX_SIZE_EXCEEDED.body
}

/** A web stream over `req` that takes none of its bytes until it is read (then every one, in order). */
function lazyWebBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(req) as ReadableStream<Uint8Array>).getReader()
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      async cancel(reason) {
        await reader?.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
  nodeRequests.set(stream, req)
  return stream
}

/**
 * For tus's `onIncomingRequest`: a PATCH or POST's `body` becomes a stream the store can read the Node
 * request behind. Other requests (and a request that is not srvx's wrapper of a Node one) are left alone.
 */
export function holdRequestBody(request: Request): void {
  if (request.method !== 'PATCH' && request.method !== 'POST') return
  const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
  if (!node) return
  const body = lazyWebBody(node)
  Object.defineProperty(request, 'body', { configurable: true, enumerable: true, get: () => body })
}

/**
 * The request's bytes as one Readable, at most `maxBytes` of them. Lets go of the request (its listeners
 * removed, never destroyed) when destroyed or ended.
 */
export class RequestBody extends Readable {
  #bytes = 0
  /** The request's own error, if it failed while the client was still there. */
  requestError: unknown

  constructor(
    private readonly req: IncomingMessage,
    private readonly maxBytes: number,
    private readonly signal: AbortSignal,
  ) {
    super({ highWaterMark: 256 * 1024 })
    req.on('data', this.#onData)
    req.once('end', this.#onEnd)
    req.on('error', this.#onError)
    signal.addEventListener('abort', this.#onEnd, { once: true })
  }

  readonly #onData = (chunk: Buffer) => {
    this.#bytes += chunk.length
    if (this.#bytes > this.maxBytes) {
      this.destroy(new TooLargeBody(ERRORS.ERR_MAX_SIZE_EXCEEDED.body))
      return
    }
    if (!this.push(chunk)) this.req.pause()
  }

  /** The request's end, or its client gone (the signal): what arrived is the body. */
  readonly #onEnd = () => {
    if (this.destroyed || this.readableEnded) return
    this.#release()
    this.push(null)
  }

  readonly #onError = (error: unknown) => {
    // tus aborts the request's signal on its error first: then this body has already ended.
    if (this.signal.aborted) return this.#onEnd()
    this.requestError = error
    this.destroy(error as Error)
  }

  override _read(): void {
    this.req.resume()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#release()
    // Left unread, a paused request holds its connection: the rest of it is read and dropped, as Node
    // does with a body no one reads.
    if (!this.req.complete) this.req.resume()
    callback(error)
  }

  #release() {
    this.req.off('data', this.#onData)
    this.req.off('end', this.#onEnd)
    this.req.off('error', this.#onError)
    this.signal.removeEventListener('abort', this.#onEnd)
  }
}

type WriteToStore = (body: ReadableStream | null, upload: Upload, maxBytes: number, context: CancellationContext) => Promise<number>

/** The server's PATCH and POST handlers read a body held by holdRequestBody straight from the Node request. */
export function readBodiesDirectly(server: Server, store: DataStore): void {
  for (const handler of [server.handlers.PATCH, server.handlers.POST]) {
    const own = handler as unknown as { writeToStore: WriteToStore; listenerCount(event: string): number }
    const viaWebStreams = own.writeToStore.bind(handler)
    own.writeToStore = async (body, upload, maxBytes, context) => {
      const req = body ? nodeRequests.get(body) : undefined
      // Someone listening for progress (POST_RECEIVE) gets tus's own path, which reports it.
      if (!req || body!.locked || own.listenerCount(EVENTS.POST_RECEIVE) > 0) return viaWebStreams(body, upload, maxBytes, context)
      if (context.signal.aborted) throw ERRORS.ABORTED
      const source = new RequestBody(req, maxBytes, context.signal)
      try {
        return await store.write(source, upload.id, upload.offset)
      } catch (error) {
        if (source.requestError !== undefined && error === source.requestError) throw ERRORS.ABORTED
        if (error instanceof Error && error.name === 'AbortError') throw ERRORS.ABORTED
        throw error
      } finally {
        source.destroy()
      }
    }
  }
}

import type { Response } from 'express'

/**
 * Writes a streamed answer chunk by chunk, waiting for 'drain' when the socket's buffer is full so a
 * large export never piles up in memory; rejects when the client has gone away, which stops the reads.
 */
export function responseSink(res: Response): (chunk: string) => Promise<void> {
  return (chunk) => {
    if (res.destroyed) return Promise.reject(new Error('the client went away'))
    if (res.write(chunk)) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const drained = () => {
        res.off('close', closed)
        resolve()
      }
      const closed = () => {
        res.off('drain', drained)
        reject(new Error('the client went away'))
      }
      res.once('drain', drained)
      res.once('close', closed)
    })
  }
}

/**
 * The network between the browser and the app, cut the way a tunnel cuts it: a TCP proxy on 127.0.0.1
 * that, while "cut", resets every open connection and every new one. The browser sees requests fail
 * with no answer, yet nothing tells it the network went away: `navigator.onLine` stays true and no
 * `online` event fires when the proxy answers again ("lie-fi"). Every engine reaches the app through it.
 */
import net from 'node:net'

export interface Tunnel {
  /** The app's origin as the browser sees it (the proxy's address). */
  origin: string
  cut(): void
  restore(): void
  readonly isCut: boolean
  close(): Promise<void>
}

export async function startTunnel(target: { host: string; port: number }): Promise<Tunnel> {
  const open = new Set<net.Socket>()
  let cut = false
  const server = net.createServer((client) => {
    if (cut) {
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    open.add(client)
    open.add(upstream)
    // Each side leaves the set on its own close: one side closed can leave the other half open (the
    // browser keeps its end of a connection the app ended), and the server's close waits for that one.
    client.on('close', () => open.delete(client))
    upstream.on('close', () => open.delete(upstream))
    // A reset on one side resets the other, as a dead link would look to both.
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => (client.destroyed ? undefined : client.resetAndDestroy()))
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    get isCut() {
      return cut
    },
    cut() {
      cut = true
      for (const socket of open) if (!socket.destroyed) socket.resetAndDestroy()
      open.clear()
    },
    restore() {
      cut = false
    },
    async close() {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

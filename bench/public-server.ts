/**
 * A server for the throughput comparison, in its own process: `feedlens` serves the store
 * through the real HTTP app; `bare` sends fixed bytes with node:http and nothing else.
 * Prints the port on stdout when ready.
 */
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Core } from '../electron/core/core'
import { startHttpServer } from '../electron/core/http/server'
import { Store } from '../electron/core/store/store'

const [mode, arg] = process.argv.slice(2)
// Exit normally on a signal, so profilers (--cpu-prof) can write their output.
process.on('SIGINT', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
const here = path.dirname(fileURLToPath(import.meta.url))

if (mode === 'feedlens') {
  const store = Store.open({ file: arg!, migrationsFolder: path.resolve(here, '../resources/drizzle') })
  const core = new Core({ store, clock: () => new Date('2026-11-20T12:00:00Z'), publicRequestsPerMinute: 1_000_000_000 })
  const server = await startHttpServer(core, { port: 0 })
  process.stdout.write(`${server.port}\n`)
} else {
  const body = Buffer.from(arg!, 'base64')
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    res.end(body)
  })
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`))
}

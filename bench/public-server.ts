/**
 * The baseline of the throughput comparison, in its own process: a bare node:http server that
 * sends the given bytes (base64 on the command line) as JSON and does nothing else. Prints its
 * port on stdout when ready.
 */
import http from 'node:http'

const [mode, arg] = process.argv.slice(2)
if (mode !== 'bare' || !arg) throw new Error('usage: public-server.ts bare <base64 body>')
// Exit normally on a signal, so profilers (--cpu-prof) can write their output.
process.on('SIGINT', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
const body = Buffer.from(arg, 'base64')
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`))

import { Command, Option } from 'commander'
import { demoScales } from '../demo/scales'
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_PUBLIC_REQUESTS_PER_MINUTE, REST_AFTER_MS } from '../serve-defaults'
import { DEFAULT_DEMO_SEED, parseSeed } from './demo'
import { dataDirOption, wholeNumber } from './options'
import type { ServeOptions } from './serve-action'

const parsePort = wholeNumber('--port', '0 to 65535', 0, 65535)
const parseRate = wholeNumber('--public-requests-per-minute', 'a whole number of at least 1', 1)
const parseRest = wholeNumber('--rest-after', 'a whole number of seconds of at least 1', 1)

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the loopback API (/v1, /public) and the web UI until stopped')
    .addOption(dataDirOption())
    .addOption(new Option('--host <host>', 'interface to bind').default(DEFAULT_HOST))
    .addOption(new Option('--port <port>', 'port; 0 takes any free port').default(DEFAULT_PORT).argParser(parsePort))
    .option('--demo', 'on an empty store, build the demo world and the demo project, and print its API key once')
    .addOption(new Option('--scale <scale>', 'with --demo: size of the world').choices(demoScales).default('small'))
    .addOption(new Option('--seed <n>', 'with --demo: random seed').default(DEFAULT_DEMO_SEED).argParser(parseSeed))
    .option('--cors', 'send CORS headers (off by default)')
    .option('--log', 'log each request (method and path, never the query string) and every statement slower than 50 ms')
    .addOption(
      new Option('--public-requests-per-minute <n>', 'requests a minute for all keyless (/public) methods together')
        .default(DEFAULT_PUBLIC_REQUESTS_PER_MINUTE)
        .argParser(parseRate),
    )
    .addOption(
      new Option('--rest-after <seconds>', 'without a request for this long, give back the memory kept only to answer faster (kept answers, caches)')
        .default(REST_AFTER_MS / 1000)
        .argParser(parseRest),
    )
    .action(async (opts: ServeOptions) => {
      const { serve } = await import('./serve-action')
      await serve(opts)
    })
}

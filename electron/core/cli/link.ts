import { Command, Option } from 'commander'
import type { Core } from '../core'
import { DEFAULT_HOST, DEFAULT_PORT } from '../serve-defaults'
import { dataDirOption } from './options'

/** A one-time sign-in link to the web UI of the server at `baseUrl`. */
export function signInLink(core: Core, baseUrl: string): string {
  return `${baseUrl}/?token=${core.sessions.createLoginToken()}`
}

export function registerLinkCommand(program: Command): void {
  program
    .command('link')
    .description('print a new one-time sign-in link to the web UI of `feedlens serve` on this data folder')
    .addOption(dataDirOption())
    .addOption(new Option('--url <url>', 'the server\'s address (default: where `feedlens serve` last listened)'))
    .action(async (opts: { dataDir?: string; url?: string }) => {
      const { openCore } = await import('../bootstrap')
      const core = openCore({ dataDir: opts.dataDir })
      try {
        const base = (opts.url ?? core.store.settings.get('serve_url') ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`).replace(/\/+$/, '')
        process.stdout.write(`${signInLink(core, base)}\n`)
        process.stderr.write('The link works once, within a day; the session it starts lasts 30 days.\n')
      } finally {
        core.close()
      }
    })
}

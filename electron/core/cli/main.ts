import { Command, CommanderError } from 'commander'
import { boundHeapGrowth } from '../paths/heap-growth'
import { StoreAccessError, StoreMismatchError } from '../store/store-errors'
import { APP_VERSION } from '../version'
import { registerAlertsCommands } from './alerts'
import { registerArticlesCommands } from './articles'
import { registerDemoCommand } from './demo'
import { registerGscCommands } from './gsc'
import { registerImportCommand } from './import'
import { registerKeysCommands } from './keys'
import { registerLinkCommand } from './link'
import { registerListsCommands } from './lists'
import { registerServeCommand } from './serve'
import { registerSyncCommand } from './sync'

/**
 * `feedlens`: the command-line face of the core (serving, demo, import, keys, lists, alerts). Errors go to
 * stderr, non-zero exit. The commands are declared here from light modules; each loads the core
 * when it runs (`feedlens --help` or a mistyped option answers without loading it).
 */
export function buildProgram(): Command {
  const program = new Command()
    .name('feedlens')
    .description('Feedlens: local analytics of a content-discovery feed, over an embedded store.')
    .version(APP_VERSION)
    .showHelpAfterError()
  registerServeCommand(program)
  registerDemoCommand(program)
  registerImportCommand(program)
  registerKeysCommands(program)
  registerListsCommands(program)
  registerLinkCommand(program)
  registerSyncCommand(program)
  registerArticlesCommands(program)
  registerGscCommands(program)
  registerAlertsCommands(program)
  return program
}

/** SQLite's "database or disk is full", or the system's "no space left on device". */
const isDiskFull = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || (typeof code === 'string' && code.startsWith('SQLITE_IOERR') && /space|full/i.test(String((error as Error).message)))
}

export async function runCli(argv: string[]): Promise<number> {
  // demo builds, imports and the server's passes hold less garbage (paths/heap-growth.ts)
  boundHeapGrowth()
  const program = buildProgram().exitOverride()
  try {
    await program.parseAsync(argv, { from: 'user' })
    return 0
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    if (error instanceof StoreMismatchError) {
      process.stderr.write(`feedlens: ${error.message}\n`)
      return 3
    }
    if (error instanceof StoreAccessError) {
      process.stderr.write(`feedlens: ${error.message}\n`)
      return 4
    }
    if (isDiskFull(error)) {
      // SQLite rolled the transaction back: the store is as its last completed write left it
      process.stderr.write(
        'feedlens: The disk that holds the data folder is full: the write stopped and nothing of it was kept (the store is as its last completed batch left it). Free some space and run the command again; what is stored already is not written twice.\n',
      )
      return 4
    }
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`feedlens: ${message}\n`)
    return 1
  }
}

// Run when executed as the CLI entry (bin/feedlens.js imports this bundle and calls runCli).
export default runCli

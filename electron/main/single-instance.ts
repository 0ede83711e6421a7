import type { App } from 'electron'
import { deepLinkIn } from './deep-links'
import { filesIn } from './importable-files'

/** What a launch hands the app: a deep link to open, files to import. */
export interface Handoff {
  deepLink: string | null
  files: string[]
}

/** A launch's arguments as a handoff (the executable and, unpackaged, the app's folder are skipped with the flags). */
export function handoffFrom(argv: readonly string[], cwd: string): Handoff {
  return { deepLink: deepLinkIn(argv), files: filesIn(argv.slice(1), cwd) }
}

/**
 * One app per user: a second launch hands its arguments (a deep link, files to import) to the
 * running one, which shows them, and quits. macOS hands links and files over as events instead.
 * Returns false when another instance runs (this one is quitting).
 */
export function claimSingleInstance(app: App, onHandoff: (handoff: Handoff) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', (_event, argv, workingDirectory) => onHandoff(handoffFrom(argv, workingDirectory)))
  app.on('open-url', (event, url) => {
    event.preventDefault()
    onHandoff({ deepLink: url, files: [] })
  })
  app.on('open-file', (event, file) => {
    event.preventDefault()
    onHandoff({ deepLink: null, files: [file] })
  })
  return true
}

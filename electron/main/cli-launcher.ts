import os from 'node:os'
import path from 'node:path'

/** Where "Install command line tool" writes `feedlens`, and what. */
export interface CliLauncher {
  file: string
  content: string
  /** the folder to add to PATH when it is not there yet */
  folder: string
}

/**
 * A launcher that runs the installed app's command line (its bundled `cli.js`, with the app's
 * own Node: `ELECTRON_RUN_AS_NODE`) against the app's data folder unless FEEDLENS_DATA_DIR or
 * --data-dir says otherwise. Written into a folder of the user's (no administrator rights):
 * ~/.local/bin on macOS and Linux, %LOCALAPPDATA%\\Feedlens\\bin on Windows.
 */
export function cliLauncher(platform: NodeJS.Platform, paths: { execPath: string; cliScript: string; dataDir: string; home?: string; localAppData?: string }): CliLauncher {
  const home = paths.home ?? os.homedir()
  if (platform === 'win32') {
    const folder = path.win32.join(paths.localAppData ?? path.win32.join(home, 'AppData', 'Local'), 'Feedlens', 'bin')
    return {
      folder,
      file: path.win32.join(folder, 'feedlens.cmd'),
      content: [
        '@echo off',
        'setlocal',
        'set ELECTRON_RUN_AS_NODE=1',
        `if not defined FEEDLENS_DATA_DIR set "FEEDLENS_DATA_DIR=${paths.dataDir}"`,
        `"${paths.execPath}" "${paths.cliScript}" %*`,
        '',
      ].join('\r\n'),
    }
  }
  const folder = path.posix.join(home, '.local', 'bin')
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  return {
    folder,
    file: path.posix.join(folder, 'feedlens'),
    content: [
      '#!/bin/sh',
      '# Feedlens command line, installed by the Feedlens app (Help > Install command line tool)',
      `: "\${FEEDLENS_DATA_DIR:=${paths.dataDir.replace(/["$`\\]/g, '\\$&')}}"`,
      'export FEEDLENS_DATA_DIR',
      `ELECTRON_RUN_AS_NODE=1 exec ${quote(paths.execPath)} ${quote(paths.cliScript)} "$@"`,
      '',
    ].join('\n'),
  }
}

/** Whether a folder is on a PATH value of the platform. */
export function onPath(folder: string, pathValue: string | undefined, platform: NodeJS.Platform): boolean {
  const separator = platform === 'win32' ? ';' : ':'
  const normal = (p: string) => (platform === 'win32' ? p.replace(/[\\/]+$/, '').toLowerCase() : p.replace(/\/+$/, ''))
  return (pathValue ?? '').split(separator).some((p) => p !== '' && normal(p) === normal(folder))
}

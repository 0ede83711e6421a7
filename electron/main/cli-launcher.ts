import os from 'node:os'
import path from 'node:path'

/** Where "Install command line tool" writes `feedlens`, and what. */
export interface CliLauncher {
  file: string
  content: string
  /** the folder to add to PATH when it is not there yet */
  folder: string
}

/** Where the running app is: its binary, its command line's script, and what the launcher needs. */
export interface LauncherPaths {
  /** the app's binary (process.execPath) */
  execPath: string
  /** the packaged command line (app.asar.unpacked/out/main/feedlens.js) */
  cliScript: string
  dataDir: string
  home?: string
  localAppData?: string
  /**
   * When the app runs from an AppImage: the AppImage file ($APPIMAGE) and the folder it is
   * mounted on while it runs ($APPDIR). The binary and script are inside that mount, which is
   * gone when the app quits, so the launcher mounts the AppImage again for each command.
   */
  appImage?: { file: string; mountedAt: string }
}

/**
 * A launcher that runs the installed app's command line (its bundled `feedlens.js`, with the
 * app's own Node: `ELECTRON_RUN_AS_NODE`) against the app's data folder unless FEEDLENS_DATA_DIR
 * or --data-dir says otherwise. Written into a folder of the user's (no administrator rights):
 * ~/.local/bin on macOS and Linux, %LOCALAPPDATA%\\Feedlens\\bin on Windows. It points at the
 * installed app (a stable path: /Applications, Program Files, /opt, or the AppImage file).
 */
export function cliLauncher(platform: NodeJS.Platform, paths: LauncherPaths): CliLauncher {
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
  const head = [
    '#!/bin/sh',
    '# Feedlens command line, installed by the Feedlens app (Help > Install command line tool)',
    `: "\${FEEDLENS_DATA_DIR:=${paths.dataDir.replace(/["$`\\]/g, '\\$&')}}"`,
    'export FEEDLENS_DATA_DIR',
  ]
  const file = path.posix.join(folder, 'feedlens')
  if (!paths.appImage) return { folder, file, content: [...head, `ELECTRON_RUN_AS_NODE=1 exec ${quote(paths.execPath)} ${quote(paths.cliScript)} "$@"`, ''].join('\n') }
  const { file: appImage, mountedAt } = paths.appImage
  const inside = (p: string) => path.posix.relative(mountedAt, p)
  return {
    folder,
    file,
    content: [
      ...head,
      `appimage=${quote(appImage)}`,
      'if [ ! -x "$appimage" ]; then',
      '  echo "feedlens: $appimage is not there any more; open Feedlens and choose Help > Install command line tool again." >&2',
      '  exit 1',
      'fi',
      '# The AppImage stays mounted while --appimage-mount runs, and prints where: the command runs from there.',
      'mountinfo=$(mktemp) || exit 1',
      '"$appimage" --appimage-mount >"$mountinfo" &',
      'mounter=$!',
      `trap 'kill "$mounter" 2>/dev/null; rm -f "$mountinfo"' EXIT`,
      '# (a background job ignores Ctrl-C: these let the trap above unmount it)',
      `trap 'exit 130' INT`,
      `trap 'exit 143' TERM HUP`,
      'waited=0',
      'until [ -s "$mountinfo" ]; do',
      '  if ! kill -0 "$mounter" 2>/dev/null || [ "$waited" -ge 200 ]; then',
      '    echo "feedlens: $appimage could not be mounted (AppImages need FUSE: see https://docs.appimage.org/user-guide/troubleshooting/fuse.html)." >&2',
      '    exit 1',
      '  fi',
      '  sleep 0.05',
      '  waited=$((waited + 1))',
      'done',
      'mounted=$(head -n 1 "$mountinfo")',
      `ELECTRON_RUN_AS_NODE=1 "$mounted"/${quote(inside(paths.execPath))} "$mounted"/${quote(inside(paths.cliScript))} "$@"`,
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

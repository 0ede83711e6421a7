import Database from 'better-sqlite3'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir } from './core'

/** The built CLI (`npm run build` first). */
export const BIN = path.resolve(__dirname, '../../bin/feedlens.js')

const asRoot = process.getuid?.() === 0

/**
 * Runs the built CLI to its end with a HOME of its own (and `env` added); `asNobody` runs it as an
 * unprivileged user when the tests run as root (a folder root could write anyway).
 */
export function feedlens(args: string[], options: { asNobody?: boolean; env?: Record<string, string> } = {}) {
  const command = options.asNobody && asRoot ? 'setpriv' : process.execPath
  const argv = options.asNobody && asRoot ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, ...args] : [BIN, ...args]
  const result = spawnSync(command, argv, { encoding: 'utf8', env: { ...process.env, HOME: tempDir(), ...options.env } })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** Starts `feedlens serve --port 0` on a data folder (with the built CLI, or another `script`); resolves with its URL once it listens. */
export function serveFolder(dataDir: string, script = BIN): Promise<{ url: string; child: ChildProcess; stderr: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] })
    const stderr: string[] = []
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = /Feedlens listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer)
      if (match) resolve({ url: match[1]!, child, stderr })
    })
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr.join('')}`)))
  })
}

/** Observations a store holds so far, read by another connection (0 before the store or its tables exist). */
export function committedObservations(storeFile: string): number {
  if (!fs.existsSync(storeFile)) return 0
  try {
    const peek = new Database(storeFile, { readonly: true })
    const count = (peek.prepare('SELECT coalesce(sum(entry_count), 0) FROM feed_snapshots').pluck().get() as number) ?? 0
    peek.close()
    return count
  } catch {
    return 0
  }
}

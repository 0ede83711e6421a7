import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/core'

// The CLI as users run it: the built bundle through bin/feedlens.js (npm test builds first).
const BIN = path.resolve(__dirname, '../../bin/feedlens.js')

function feedlens(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** Starts `feedlens serve`, resolves with the URL it announces and the lines before it. */
function serve(args: string[]): Promise<{ url: string; lines: string[]; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    const lines: string[] = []
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${lines.join('\n')}`)), 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const parts = buffer.split('\n')
      buffer = parts.pop() ?? ''
      for (const line of parts) {
        lines.push(line)
        const match = /^Feedlens listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)
        if (match) {
          clearTimeout(timer)
          resolve({ url: match[1]!, lines, stop: () => child.kill('SIGTERM') })
        }
      }
    })
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)))
  })
}

describe('feedlens CLI', () => {
  it('prints help for every command', () => {
    for (const args of [['--help'], ['serve', '--help'], ['keys', '--help'], ['keys', 'create', '--help'], ['keys', 'list', '--help'], ['keys', 'revoke', '--help']]) {
      const r = feedlens(args)
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stdout).toMatch(/Usage: feedlens/)
    }
  })

  it('serves on a free port with --port 0, builds the demo world and project once and prints its key', { timeout: 120_000 }, async () => {
    const dir = tempDir()
    const first = await serve(['--data-dir', dir, '--demo'])
    try {
      const keyLine = first.lines.find((l) => l.includes('API key'))
      const key = /(fl_[A-Za-z0-9_-]+)/.exec(keyLine ?? '')?.[1]
      expect(key).toBeDefined()
      const res = await fetch(`${first.url}/v1/tracking/lists`, { headers: { 'X-API-Key': key! } })
      expect(res.status).toBe(200)
      const articles = (await (await fetch(`${first.url}/v1/articles?limit=1`, { headers: { 'X-API-Key': key! } })).json()) as { total: number }
      expect(articles.total).toBeGreaterThan(15_000)
      const page = await fetch(`${first.url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
    } finally {
      first.stop()
    }
    await new Promise((r) => setTimeout(r, 300))
    const second = await serve(['--data-dir', dir, '--demo'])
    second.stop()
    expect(second.lines.join('\n')).not.toMatch(/fl_/)
  })

  it('creates, lists and revokes keys; create prints only the key', () => {
    const dir = tempDir()
    const none = feedlens(['keys', 'create', '--name', 'x', '--data-dir', dir])
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/no project yet/)
    const internal = feedlens(['keys', 'create', '--name', 'ops', '--internal', '--countries', 'us,de', '--data-dir', dir])
    expect(internal.code).toBe(0)
    expect(internal.stdout).toMatch(/^fl_[A-Za-z0-9_-]{43}\n$/)
    const listed = feedlens(['keys', 'list', '--json', '--data-dir', dir])
    const keys = JSON.parse(listed.stdout) as Array<{ id: string; name: string; internal: boolean; countries: string[] }>
    expect(keys).toEqual([expect.objectContaining({ name: 'ops', internal: true, countries: ['US', 'DE'] })])
    expect(listed.stdout).not.toContain(internal.stdout.trim())
    const table = feedlens(['keys', 'list', '--data-dir', dir])
    expect(table.stdout).toContain('ops')
    expect(table.stdout).not.toContain(internal.stdout.trim())
    const revoked = feedlens(['keys', 'revoke', keys[0]!.id, '--data-dir', dir])
    expect(revoked.code).toBe(0)
    expect(JSON.parse(feedlens(['keys', 'list', '--json', '--data-dir', dir]).stdout)[0].revoked_at).not.toBeNull()
  })

  it('honours FEEDLENS_DATA_DIR', () => {
    const dir = tempDir()
    expect(feedlens(['keys', 'create', '--name', 'a', '--internal'], { FEEDLENS_DATA_DIR: dir }).code).toBe(0)
    expect(JSON.parse(feedlens(['keys', 'list', '--json', '--data-dir', dir]).stdout)).toHaveLength(1)
  })

  it('reports bad input on stderr with a non-zero status', () => {
    const dir = tempDir()
    const badCountries = feedlens(['keys', 'create', '--name', 'x', '--internal', '--countries', 'USA', '--data-dir', dir])
    expect(badCountries.code).not.toBe(0)
    expect(badCountries.stderr).toMatch(/two-letter codes/)
    const unknown = feedlens(['keys', 'revoke', 'nope', '--data-dir', dir])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/No API key with id nope/)
    const badPort = feedlens(['serve', '--port', '70000', '--data-dir', dir])
    expect(badPort.code).not.toBe(0)
    expect(badPort.stderr).toMatch(/--port takes 0 to 65535/)
    const missing = feedlens(['keys', 'create', '--data-dir', dir])
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toMatch(/--name/)
  })

  it('refuses a store from another version with a clear message and exit status 3', () => {
    const dir = tempDir()
    expect(feedlens(['keys', 'list', '--data-dir', dir]).code).toBe(0)
    const Database = require('better-sqlite3') as typeof import('better-sqlite3')
    const db = new Database(path.join(dir, 'feedlens.db'))
    db.prepare(`UPDATE __drizzle_migrations SET hash = 'other'`).run()
    db.close()
    const r = feedlens(['keys', 'list', '--data-dir', dir])
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/does not match this version of Feedlens/)
  })
})

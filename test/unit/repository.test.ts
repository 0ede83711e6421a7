import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

function files(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(p, ext)
    return ext.test(e.name) ? [p] : []
  })
}

describe('the repository stands on its own', () => {
  it('has no test that reads a file outside the repository (a fresh clone passes its tests alone)', () => {
    const outside: string[] = []
    for (const file of files(path.join(ROOT, 'test'), /\.ts$/)) {
      const text = fs.readFileSync(file, 'utf8')
      for (const m of text.matchAll(/path\.(?:resolve|join)\(__dirname,\s*'([^']+)'/g)) {
        const target = path.resolve(path.dirname(file), m[1]!)
        if (target !== ROOT && !target.startsWith(ROOT + path.sep)) outside.push(`${path.relative(ROOT, file)}: ${m[1]}`)
      }
    }
    expect(outside).toEqual([])
  })

  it('ships the real data the tests use with its licence note', () => {
    const note = fs.readFileSync(path.join(ROOT, 'test/fixtures/README.md'), 'utf8')
    expect(fs.existsSync(path.join(ROOT, 'test/fixtures/uci-news-dev.csv'))).toBe(true)
    expect(note).toMatch(/CC BY 4\.0/)
    expect(note).toMatch(/Gasparetti/)
  })
})

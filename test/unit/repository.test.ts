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

describe('the docs say what the code does (checked, as Datasette checks its docs)', () => {
  const testFiles = files(path.join(ROOT, 'test'), /\.test\.ts$/)

  it('names a test that exists wherever a decision names one: [file.test: words of its title]', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/contract-decisions.md'), 'utf8')
    const refs = [...doc.matchAll(/\[([a-z0-9-]+)\.test(?::\s*([^\]]+))?\]/g)]
    expect(refs.length).toBeGreaterThan(10)
    const missing: string[] = []
    for (const [ref, name, words] of refs) {
      const file = testFiles.find((f) => path.basename(f) === `${name}.test.ts`)
      if (!file) {
        missing.push(`${ref}: no test file`)
        continue
      }
      // the words stand in a test's title (escaped quotes read as quotes)
      const text = fs.readFileSync(file, 'utf8').replace(/\\(['"`])/g, '$1').toLowerCase()
      const titled = [...text.matchAll(/\b(?:it|describe)(?:\.each\(.*?\))?\(\s*(['"`])(.*?)\1,/gs)].map((m) => m[2]!)
      if (words && !titled.some((t) => t.includes(words.trim().toLowerCase()))) missing.push(`${ref}: no test titled so`)
    }
    expect(missing).toEqual([])
  })

  it('describes every folder of the core, and every top-level folder, in docs/architecture.md', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8')
    const core = fs.readdirSync(path.join(ROOT, 'electron/core'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `electron/core/${e.name}/`)
    const top = ['shared/contract/', 'renderer/src/', 'resources/', 'scripts/', 'bench/', 'test/', 'electron/main/', 'electron/preload/']
    expect([...core, ...top].filter((folder) => !doc.includes(`\`${folder}\``))).toEqual([])
  })
})

import fs from 'node:fs'
import os from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { MAX_IMPORT_JOBS, startPathImportJob } from '../../electron/core/service/app-jobs'
import { makeWorld } from '../helpers/core'

/** The app's import endpoint (Settings > Import): item 12 of the trust issue. */

const importFolders = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('feedlens-import-')).length
const line = JSON.stringify({ url: 'https://a.example/1', title: 'One', region: 'US', lang: 'en' })

/** Polls the job until it is no longer running. */
function waitForJob(w: ReturnType<typeof makeWorld>, id: string) {
  return vi.waitFor(
    async () => {
      const job = ((await (await w.get(`/app/jobs/${id}`, w.session)).json()) as { job: { status: string; result: unknown; error: string | null } }).job
      if (job.status === 'running') throw new Error('the job is still running')
      return job
    },
    { timeout: 15_000, interval: 20 },
  )
}

describe('POST /app/imports', () => {
  it('answers names with folders, dots or control characters with a 422, and leaves no folder behind', async () => {
    const w = makeWorld()
    const before = importFolders()
    for (const name of ['..', '.', '/', 'a/b.ndjson', '..\\evil.csv', 'nul\u0000.ndjson', 'tab\t.csv', '']) {
      const res = await w.post('/app/imports', { file_name: name, content: line }, w.session)
      expect(res.status, JSON.stringify(name)).toBe(422)
      const body = (await res.json()) as { detail: Array<{ loc: unknown[]; msg: string }> }
      expect(body.detail[0]!.loc).toEqual(['body', 'file_name'])
    }
    expect(importFolders()).toBe(before)
  })

  it('imports a good file, and removes its temporary folder whether the import works or fails', async () => {
    const w = makeWorld()
    const before = importFolders()
    const ok = (await (await w.post('/app/imports', { file_name: 'feed.ndjson', content: line }, w.session)).json()) as { job: { id: string } }
    expect((await waitForJob(w, ok.job.id)).status).toBe('done')
    const bad = (await (await w.post('/app/imports', { file_name: 'feed.png', content: '\u0089PNG....' }, w.session)).json()) as { job: { id: string } }
    const failed = await waitForJob(w, bad.job.id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/cannot tell the format from the extension \.png/)
    expect(importFolders()).toBe(before)
  })

  it(`keeps at most ${MAX_IMPORT_JOBS} imports running or waiting, and says so past that`, async () => {
    const w = makeWorld()
    const started: string[] = []
    for (let i = 0; i < MAX_IMPORT_JOBS; i++) {
      const res = await w.post('/app/imports', { file_name: `f${i}.ndjson`, content: line }, w.session)
      expect(res.status).toBe(200)
      started.push(((await res.json()) as { job: { id: string } }).job.id)
    }
    const refused = await w.post('/app/imports', { file_name: 'one-more.ndjson', content: line }, w.session)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ detail: `${MAX_IMPORT_JOBS} imports are already running or waiting their turn; start this one when one of them is done.` })
    for (const id of started) expect((await waitForJob(w, id)).status).toBe('done')
    expect((await w.post('/app/imports', { file_name: 'later.ndjson', content: line }, w.session)).status).toBe(200)
  })
})

describe('a path import (the desktop app\'s File > Import and dropped files)', () => {
  it('imports the file where it lies, leaves it there, and shows as an import job of the window', async () => {
    const w = makeWorld()
    const dir = fs.mkdtempSync(`${os.tmpdir()}/feedlens-path-`)
    const file = `${dir}/dropped.ndjson`
    fs.writeFileSync(file, `${line}\n${JSON.stringify({ url: 'https://a.example/2', title: 'Two', region: 'US', lang: 'en' })}\nnot json\n`)
    const job = startPathImportJob(w.core, file, new Date())
    expect(job).toMatchObject({ kind: 'import', status: 'running', message: 'Importing dropped.ndjson' })
    const done = await waitForJob(w, job.id)
    expect(done.status).toBe('done')
    expect(done.result).toMatchObject({ file: 'dropped.ndjson', articles: 2, skipped: 1 })
    expect(w.store.counts().articles).toBe(2)
    expect(fs.readFileSync(file, 'utf8')).toContain('not json')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

import { Session } from 'node:inspector/promises'
import fs from 'node:fs'
import { Store } from '../electron/core/store/store'
import { refreshTrends } from '../electron/core/jobs/trends'
import { nextSnapshotBatch } from '../electron/core/demo/next-snapshot'
import { IngestWriter } from '../electron/core/ingest/writer'
import { END, MIGRATIONS } from './lib'
const store = Store.open({ file: process.argv[2]!, migrationsFolder: MIGRATIONS })
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 4000 })
await session.post('Profiler.start')
let t = performance.now()
refreshTrends(store, END, { full: true })
console.log('full pass', ((performance.now() - t) / 1000).toFixed(1), 'rss', (process.memoryUsage().rss / 2 ** 20).toFixed(0))
fs.writeFileSync('/tmp/prof/full.cpuprofile', JSON.stringify((await session.post('Profiler.stop')).profile))
store.sqlite.exec('BEGIN')
for (let i = 1; i <= 5; i++) {
  const at = new Date(END.getTime() + i * 3 * 3_600_000)
  new IngestWriter(store).write(nextSnapshotBatch(store, 3))
  const profile = i === 4
  if (profile) { await session.post('Profiler.enable'); await session.post('Profiler.start') }
  t = performance.now()
  const u = refreshTrends(store, at)
  console.log(at.toISOString(), ((performance.now() - t) / 1000).toFixed(2), 's', u.touched, 'of', u.trends, u.newDay)
  if (profile) { const { profile: p } = await session.post('Profiler.stop'); fs.writeFileSync('/tmp/prof/midnight.cpuprofile', JSON.stringify(p)) }
}
store.sqlite.exec('ROLLBACK')

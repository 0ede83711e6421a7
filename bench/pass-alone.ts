/**
 * One full trends pass on a world, in a process of its own, as a server runs it: one store open,
 * V8's heap growth bounded as the app's and the command line's are (bench/trends.ts gives it the
 * refresh thread's young generation). Prints its time and the process's peak memory as one line
 * of JSON. Run by bench/trends.ts (`node --import tsx`), with `whole` after the file for a pass
 * that clusters the settled trends' articles too.
 */
import { refreshTrends } from '../electron/core/jobs/trends'
import { boundHeapGrowth } from '../electron/core/paths/heap-growth'
import { Store } from '../electron/core/store/store'
import { END, MIGRATIONS, peakMiB } from './lib'

boundHeapGrowth()
const store = Store.open({ file: process.argv[2]!, migrationsFolder: MIGRATIONS })
try {
  const started = performance.now()
  refreshTrends(store, END, { full: true, whole: process.argv[3] === 'whole' })
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1000, peakMiB: peakMiB() })}\n`)
} finally {
  store.close()
}

import { Store } from '../electron/core/store/store'
import { refreshTrends } from '../electron/core/jobs/trends'
import { END, MIGRATIONS } from './lib'
const store = Store.open({ file: process.argv[2]!, migrationsFolder: MIGRATIONS })
const t = performance.now()
const r = refreshTrends(store, END, { full: true })
console.log('full pass', ((performance.now() - t) / 1000).toFixed(1), 's', r.trends, 'trends', 'rss', (process.memoryUsage().rss / 2 ** 20).toFixed(0), 'MB')

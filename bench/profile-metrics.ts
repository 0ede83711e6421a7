import { Store } from '../electron/core/store/store'
const store = Store.open({ file: '/work/main/bench/.cache/medium-seed42.db', migrationsFolder: '/work/main/resources/drizzle' })
const list = store.tracking.lists(store.projects.all()[0]!.id, undefined, 0, 100, 0).rows.find(l => l.name === 'bench: 200 entities')!
const keys = store.tracking.items(list.id).map(i => i.key)
const countries = store.sqlite.prepare('SELECT alpha_2 FROM regions').pluck().all() as string[]
const to = Math.ceil(new Date('2026-11-20T12:00:00Z').getTime()/3600000), from = to - 720
const f = { countries, lang: null, fromHour: from, toHour: to }
const time = <T,>(name: string, fn: () => T): T => { const t = performance.now(); const r = fn(); console.log(name, (performance.now()-t).toFixed(0), 'ms', Array.isArray(r) ? r.length : (r as Map<unknown,unknown>).size); return r }
time('pa only', () => store.sqlite.prepare(`SELECT article_seq AS seq, sum(impressions) FROM article_hourly WHERE hour >= ? AND hour < ? AND country IN (SELECT value FROM json_each(?)) GROUP BY article_seq`).all(from, to, JSON.stringify(countries)))
const pairs = time('itemArticles', () => store.itemActivity.itemArticles('entity', keys, f))
time('itemImpressions prev', () => store.itemActivity.itemImpressions('entity', keys, { ...f, fromHour: from - 720, toHour: from }))
const seqs = [...new Set(pairs.map(p => p.seq))]
time('articleBuckets day', () => store.itemActivity.articleBuckets(seqs, f, 'day'))
time('entitiesOf', () => store.itemActivity.entitiesOf(seqs))
time('covered', () => store.itemActivity.coveredArticles('entity', store.tracking.items(store.tracking.lists(store.projects.all()[0]!.id, undefined, 0, 100, 0).rows.find(l => l.name.startsWith('bench: 500'))!.id).map(i => i.key), f))

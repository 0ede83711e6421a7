import Database from 'better-sqlite3'
import { ArticlesRepository } from '/work/main/electron/core/store/repositories/articles'
const db = new Database('/work/main/bench/.cache/medium-seed42.db', { readonly: true })
const repo = new ArticlesRepository(db)
const maxDay = db.prepare('select max(day) from article_daily').pluck().get() as number
for (const [days, extra] of [[7, {}], [30, {}], [90, {}], [30, { region: 'US' }], [30, { search: 'festival' }], [180, {}]] as const) {
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const t = performance.now()
    const r = repo.list({ countries: 'all', sortBy: 'impressions', sortOrder: 'desc', limit: 50, offset: 0, ...extra, impressionDays: { fromDay: maxDay - days + 1 - i, toDay: maxDay + 1 } })
    times.push(performance.now() - t)
    if (i === 0) {
      const f = performance.now(); repo.figures(r.rows.map((x) => x.seq), { fromDay: maxDay - days + 1, toDay: maxDay + 1 }); times.push(-(performance.now() - f))
    }
  }
  console.log(days, JSON.stringify(extra), times.map((x) => x.toFixed(0)).join(' '))
}

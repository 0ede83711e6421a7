import { beforeAll, describe, expect, it } from 'vitest'
import { articlesInScope, entityDaily, entityFigures, entityTotals, type EntityScope } from '../../electron/core/analytics/explore/entity-figures'
import type { ActivityData } from '../../electron/core/analytics/activity/activity-data'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { FIXED_NOW, openTestStore } from '../helpers/core'

/** The two ways /v1/entities figures an entity (its own articles; every article once, for many entities) agree, on two weeks of the demo world. */

let data: ActivityData
beforeAll(async () => {
  const store = openTestStore()
  generateDemoWorld(store, { scale: 'small', seed: 7, end: FIXED_NOW, days: 14 })
  data = (await store.activity.current()).data
}, 60_000)

describe('entity figures', () => {
  it('are the same from every article read once as from each entity\'s own articles, in any window, markets and language', () => {
    const day = Math.floor(FIXED_NOW.getTime() / 86_400_000)
    const scopes: EntityScope[] = [
      { range: { fromDay: null, toDay: null }, countries: null, lang: null },
      { range: { fromDay: day - 3, toDay: day }, countries: null, lang: null },
      { range: { fromDay: day - 7, toDay: null }, countries: new Set([data.countries.find('DE')!]), lang: null },
      { range: { fromDay: null, toDay: day - 2 }, countries: null, lang: data.langs.find('fr')! },
    ]
    expect(data.entityIds.list.length).toBeGreaterThan(200)
    for (const scope of scopes) {
      const every = articlesInScope(data, scope)
      let listed = 0
      for (let n = 0; n < data.entityIds.list.length; n++) {
        const own = entityFigures(data, n, scope)
        expect(entityTotals(data, n, every)).toEqual({ publications: own.publications, impressions: own.impressions })
        if (own.publications > 0) listed++
      }
      expect(listed).toBeGreaterThan(0)
    }
  })

  it('add up, day by day, to the figures of the window', () => {
    const scope: EntityScope = { range: { fromDay: null, toDay: null }, countries: null, lang: null }
    for (let n = 0; n < 50; n++) {
      const daily = entityDaily(data, n, scope)
      const figures = entityFigures(data, n, scope)
      expect(Math.abs(daily.reduce((s, d) => s + d.impressions, 0) - figures.impressions)).toBeLessThanOrEqual(daily.length)
      // an article seen on several days counts on each of them, once in the window
      expect(daily.reduce((s, d) => s + d.publications, 0)).toBeGreaterThanOrEqual(figures.publications)
    }
  })
})

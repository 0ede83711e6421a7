import { languageName, referenceCountry } from '../geo/reference-countries'
import type { Store } from '../store/store'

/** A country met in an import (or a sync) joins the store's regions, from the reference packages. */
export function registerCountry(store: Store, code: string): void {
  const facts = referenceCountry(code)
  if (!facts) return
  store.reference.upsertRegion({
    alpha2: facts.alpha2,
    alpha3: facts.alpha3,
    name: facts.name,
    languages: facts.languages,
    population: facts.population,
    internetPopulation: facts.internetPopulation,
    utcOffsetMinutes: facts.utcOffsetMinutes,
  })
  store.reference.upsertCities(code, facts.cities.map((c) => ({ id: c.id, name: c.name, isActive: false })))
  for (const lang of facts.languages) store.reference.upsertLanguage(lang, languageName(lang))
}

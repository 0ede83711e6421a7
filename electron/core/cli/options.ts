import { Option } from 'commander'

export const dataDirOption = () =>
  new Option('--data-dir <dir>', 'data folder (default: FEEDLENS_DATA_DIR, else the OS app-data folder)')

export function parseCountries(value: string): string[] {
  const list = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
  const bad = list.filter((c) => !/^[A-Z]{2}$/.test(c))
  if (bad.length > 0) throw new Error(`--countries takes two-letter codes separated by commas; not a code: ${bad.join(', ')}`)
  return [...new Set(list)]
}

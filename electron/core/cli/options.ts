import { Option } from 'commander'

export const dataDirOption = () =>
  new Option('--data-dir <dir>', 'data folder (default: FEEDLENS_DATA_DIR, else the OS app-data folder)')

/**
 * A parser of an option's whole number from min to max; what it takes is said as `takes` ("a
 * whole number of rows, at least 100") when the value is not one.
 */
export function wholeNumber(option: string, takes: string, min: number, max = Number.POSITIVE_INFINITY): (value: string) => number {
  return (value) => {
    const n = Number(value)
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${option} takes ${takes}, not ${value}`)
    return n
  }
}

export function parseCountries(value: string): string[] {
  const list = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
  const bad = list.filter((c) => !/^[A-Z]{2}$/.test(c))
  if (bad.length > 0) throw new Error(`--countries takes two-letter codes separated by commas; not a code: ${bad.join(', ')}`)
  return [...new Set(list)]
}

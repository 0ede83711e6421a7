import { describe, expect, it } from 'vitest'
import { summarizeSeries } from '../../electron/core/analytics/signals/summary'
import { deltaPct, ranks, sparkline } from '../../electron/core/analytics/tracking/sparkline'
import { bucketKeys } from '../../electron/core/time/buckets'
import { displayPrefix, generateKeyValue, hashKey } from '../../electron/core/auth/api-keys'
import { normalizeDomain } from '../../electron/core/domains/normalize-domain'
import { isLoopbackHost } from '../../electron/core/http/host-guard'
import { osAppDataDir, resolveDataDir } from '../../electron/core/paths/data-dir'
import { isoWithOffset } from '../../electron/core/time/buckets'

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['https://www.example.com/path?q=1#x', 'example.com'],
    ['http://www2.news.example.co.uk:8080/a', 'news.example.co.uk'],
    ['//cdn.example.org/x', 'cdn.example.org'],
    ['www.lemonde.fr.', 'lemonde.fr'],
  ])('%s -> %s', (input, expected) => expect(normalizeDomain(input)).toBe(expected))

  it.each(['', 'localhost', 'not a domain', '127.0.0.1', 'exa_mple.com', '-bad.com'])('rejects %j', (input) =>
    expect(normalizeDomain(input)).toBeNull(),
  )
})

describe('sparklines and deltas', () => {
  it('fills missing buckets with zeros', () => {
    expect(sparkline([10, 11, 12], new Map([[11, 5]]))).toEqual([0, 5, 0])
  })
  it('folds a long series into at most 24 points, keeping the total', () => {
    const keys = Array.from({ length: 48 }, (_, i) => i)
    const out = sparkline(keys, new Map(keys.map((k) => [k, 1])))
    expect(out).toHaveLength(24)
    expect(out.every((v) => v === 2)).toBe(true)
    const odd = sparkline(Array.from({ length: 30 }, (_, i) => i), new Map(Array.from({ length: 30 }, (_, i) => [i, i])))
    expect(odd.length).toBe(24)
    expect(odd.reduce((a, b) => a + b, 0)).toBe((29 * 30) / 2)
  })
  it('lists hourly and daily buckets of a window (hours or days since the epoch)', () => {
    const h = Date.parse('2026-11-20T10:00:00Z') / 3_600_000
    expect(bucketKeys(new Date('2026-11-20T10:30:00Z'), new Date('2026-11-20T13:00:00Z'), 'hour')).toEqual([h, h + 1, h + 2])
    const d = Date.parse('2026-11-18T00:00:00Z') / 86_400_000
    expect(bucketKeys(new Date('2026-11-18T12:00:00Z'), new Date('2026-11-20T12:00:00Z'), 'day')).toEqual([d, d + 1, d + 2])
  })
  it('computes delta_pct to one decimal and null without a base', () => {
    expect(deltaPct(150, 100)).toBe(50)
    expect(deltaPct(1, 3)).toBe(-66.7)
    expect(deltaPct(5, 0)).toBeNull()
  })
  it('ranks with ties sharing the better rank', () => {
    expect([...ranks(new Map([['a', 5], ['b', 9], ['c', 5], ['d', 1]])).entries()]).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ])
  })
})

describe('signal summary', () => {
  it('is stable and null on an empty series', () => {
    expect(summarizeSeries([])).toEqual({ current_index: null, trend: 'stable' })
  })
  it('rises when the last 3 points run above the 7 before', () => {
    expect(summarizeSeries([3, 3, 3, 3, 3, 3, 3, 5, 6, 7])).toEqual({ current_index: 7, trend: 'rising' })
    expect(summarizeSeries([6, 6, 6, 6, 6, 6, 6, 3, 3, 3.04])).toEqual({ current_index: 3, trend: 'falling' })
    expect(summarizeSeries([3, 3.2, 2.9, 3, 3.1, 3, 3, 3.2, 3.4, 3.1])).toEqual({ current_index: 3.1, trend: 'stable' })
  })
})

describe('keys', () => {
  it('makes distinct, prefixed values and stable hashes', () => {
    const a = generateKeyValue()
    const b = generateKeyValue()
    expect(a).not.toBe(b)
    expect(a).toMatch(/^fl_/)
    expect(hashKey(a)).toBe(hashKey(a))
    expect(hashKey(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(displayPrefix(a)).toBe(a.slice(0, 9))
  })
})

describe('host guard', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost'])('accepts %s', (h) => expect(isLoopbackHost(h)).toBe(true))
  it.each(['example.com', '10.0.0.1', '0.0.0.0', 'localhost.evil.com', '127.0.0.1.nip.io'])('rejects %s', (h) =>
    expect(isLoopbackHost(h)).toBe(false),
  )
})

describe('data folder', () => {
  it('follows Electron userData per OS', () => {
    expect(osAppDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Feedlens')
    expect(osAppDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/ana')).toBe('/x/Feedlens')
    expect(osAppDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Feedlens')
    expect(osAppDataDir('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana')).toMatch(/Roaming.Feedlens$/)
  })
  it('lets --data-dir win over FEEDLENS_DATA_DIR', () => {
    expect(resolveDataDir('/a', { FEEDLENS_DATA_DIR: '/b' })).toBe('/a')
    expect(resolveDataDir(undefined, { FEEDLENS_DATA_DIR: '/b' })).toBe('/b')
  })
})

describe('timestamps with offsets', () => {
  it('renders a UTC instant in a numeric offset', () => {
    expect(isoWithOffset('2026-08-23T00:00:00.000Z', 180)).toBe('2026-08-23T03:00:00+03:00')
    expect(isoWithOffset('2026-08-23T00:00:00.000Z', -300)).toBe('2026-08-22T19:00:00-05:00')
    expect(isoWithOffset('2026-08-23T00:00:00.000Z', 0)).toBe('2026-08-23T00:00:00+00:00')
  })
})

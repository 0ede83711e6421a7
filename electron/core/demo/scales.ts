import { demoScales } from '../../../shared/contract/values'

export { demoScales }
export type DemoScale = (typeof demoScales)[number]

export interface ScaleSpec {
  countries: string[]
  days: number
  /** Feed positions per country per snapshot (snapshots every 3 hours). */
  positions: number
  publishersPerCountry: number
  /** New articles per country per weekday, on average. */
  articlesPerDay: number
  /** Planted shake-ups: whole-feed days, and days of one format group. */
  shakeups: { country: number; format: number }
}

const twenty = ['US', 'GB', 'CA', 'AU', 'IE', 'NZ', 'IN', 'DE', 'AT', 'CH', 'FR', 'BE', 'ES', 'MX', 'AR', 'CO', 'CL', 'RU', 'KZ', 'BY']

export const scaleSpecs: Record<DemoScale, ScaleSpec> = {
  small: { countries: ['US', 'DE', 'FR', 'ES', 'RU'], days: 90, positions: 100, publishersPerCountry: 12, articlesPerDay: 42, shakeups: { country: 2, format: 1 } },
  medium: { countries: twenty, days: 180, positions: 200, publishersPerCountry: 20, articlesPerDay: 60, shakeups: { country: 4, format: 2 } },
  large: { countries: twenty, days: 365, positions: 300, publishersPerCountry: 30, articlesPerDay: 120, shakeups: { country: 6, format: 3 } },
}

export const SNAPSHOT_HOURS = 3

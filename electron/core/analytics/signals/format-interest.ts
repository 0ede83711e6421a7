/**
 * Format interest: how much of the feed a format group holds, weighing its share of
 * impressions and its share of publications equally, on a 0 to 100 scale (the groups of a day
 * sum to 100). 20 is an even share among five groups.
 *   index = 100 * (share_of_impressions + share_of_publications) / 2
 */
export function formatInterestSeries(rows: ReadonlyArray<{ day: number; format: string; impressions: number; publications: number }>) {
  const byDay = new Map<number, Array<(typeof rows)[number]>>()
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r])
  const out: Array<{ day: number; format: string; index: number; shareOfImpressions: number; shareOfPublications: number; impressions: number; publications: number }> = []
  // a group that has articles on some day has a point every day: 0 on a day without any
  const formats = [...new Set(rows.map((r) => r.format))]
  for (const [day, given] of [...byDay.entries()].sort(([a], [b]) => a - b)) {
    const list = [...given, ...formats.filter((f) => !given.some((r) => r.format === f)).map((format) => ({ day, format, impressions: 0, publications: 0 }))]
    const impressions = list.reduce((s, r) => s + r.impressions, 0)
    const publications = list.reduce((s, r) => s + r.publications, 0)
    for (const r of list) {
      const si = impressions > 0 ? r.impressions / impressions : 0
      const sp = publications > 0 ? r.publications / publications : 0
      out.push({ day, format: r.format, index: round1(50 * (si + sp)), shareOfImpressions: round4(si), shareOfPublications: round4(sp), impressions: r.impressions, publications: r.publications })
    }
  }
  return out
}

const round1 = (x: number) => Math.round(x * 10) / 10
const round4 = (x: number) => Math.round(x * 10000) / 10000

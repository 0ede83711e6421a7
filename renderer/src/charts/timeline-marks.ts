/** Google's announced updates and the analyst's notes, shaded on the time charts whose points are days. */

/** A stretch of the timeline drawn on a chart: an announced update, a note, the store's own event (new data). */
export interface TimelineMark {
  kind: 'update' | 'note' | 'event'
  title: string
  dayFrom: string
  /** null: runs on */
  dayTo: string | null
}

const MARK_COLOURS = { update: 'rgba(230, 140, 30, 0.16)', note: 'rgba(59, 111, 216, 0.14)', event: 'rgba(120, 120, 120, 0.16)' }

/** The marks as shaded areas over the points of their days (a mark outside the series is left out). */
export function markAreas(days: readonly string[], marks: readonly TimelineMark[]): object[] {
  return marks.flatMap((m) => {
    const first = days.findIndex((d) => d >= m.dayFrom)
    const until = m.dayTo
    const last = until === null ? days.length - 1 : days.findLastIndex((d) => d <= until)
    if (first < 0 || last < first) return []
    return [[{ name: m.title, xAxis: first, itemStyle: { color: MARK_COLOURS[m.kind] } }, { xAxis: last }]]
  })
}


/** The marks of the app's annotations answer (none while it loads). */
export function marksOf(answer: { annotations: ReadonlyArray<{ kind: TimelineMark['kind']; title: string; day_from: string; day_to: string | null }> } | null | undefined): TimelineMark[] {
  return (answer?.annotations ?? []).map((a) => ({ kind: a.kind, title: a.title, dayFrom: a.day_from, dayTo: a.day_to }))
}

/** A series' markArea of the marks over its days: shaded, each one's name on hover. */
export function markAreaOf(days: readonly string[], marks: readonly TimelineMark[]) {
  return { label: { show: false }, emphasis: { label: { show: true, position: 'insideTop', fontSize: 11 } }, data: markAreas(days, marks) }
}

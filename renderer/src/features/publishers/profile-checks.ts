import { useEffect, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { ApiClientError, call } from '../../api/client'

export type Profile = RouteResponse<'checkProfile'>
export type Mode = 'one' | 'bulk' | 'search'

const MAX_BULK = 100

/** A line of a bulk check the API refused, with its reason. */
export interface BadLine {
  line: number
  text: string
  reason: string
}

/** The lines of a bulk check: one domain or URL per line (commas and spaces are part of a line, so a bad line is reported as written). */
export const bulkLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((l) => l.text !== '')

/**
 * Checks many lines: the lines the API refuses (its 422 names each one's index) are set aside
 * with the reason and the others checked, so a bad line does not refuse the batch.
 */
async function checkLines(lines: Array<{ line: number; text: string }>): Promise<{ results: Profile[]; bad: BadLine[] }> {
  const bad: BadLine[] = lines.slice(MAX_BULK).map((l) => ({ ...l, reason: `beyond the first ${MAX_BULK} lines; check it in another batch` }))
  const batch = lines.slice(0, MAX_BULK)
  try {
    return { results: (await call('checkProfilesBulk', { body: { domains: batch.map((l) => l.text) } })).results, bad }
  } catch (error) {
    const detail = error instanceof ApiClientError && error.status === 422 ? (error.body as { detail?: Array<{ loc?: unknown[]; msg?: string }> }).detail : null
    const refused = new Map<number, string>()
    for (const d of Array.isArray(detail) ? detail : []) {
      const index = d.loc?.[2]
      if (d.loc?.[1] === 'domains' && typeof index === 'number') refused.set(index, d.msg ?? 'not a domain')
    }
    if (refused.size === 0) throw error
    batch.forEach((l, i) => refused.has(i) && bad.push({ ...l, reason: refused.get(i)! }))
    const rest = batch.filter((_, i) => !refused.has(i))
    const results = rest.length > 0 ? (await call('checkProfilesBulk', { body: { domains: rest.map((l) => l.text) } })).results : []
    return { results, bad }
  }
}

/**
 * The profiles a view asks for (one domain, the lines of a bulk check, or a search by name), checked
 * whenever the query changes or a retry is asked; the answer of an earlier query is never shown.
 */
export function useProfileChecks(mode: Mode, q: string) {
  const [answer, setAnswer] = useState<{ request: string; results: Profile[]; bad: BadLine[]; error: string | null } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const request = `${mode}\n${q}\n${attempt}`
  const loading = q.trim() !== '' && answer?.request !== request
  useEffect(() => {
    if (!q.trim()) return
    let live = true
    const run = async () => {
      if (mode === 'one') return { results: [await call('checkProfile', { query: { domain: q.trim() } })], bad: [] }
      if (mode === 'search') return { results: (await call('searchProfiles', { query: { q: q.trim() } })).results, bad: [] }
      return checkLines(bulkLines(q))
    }
    run()
      .then((got) => live && setAnswer({ request, ...got, error: null }))
      .catch((e: Error) => live && setAnswer({ request, results: [], bad: [], error: e.message }))
    return () => {
      live = false
    }
  }, [request, mode, q])
  const shown = answer?.request === request ? answer : null
  const error = shown?.error ?? null
  return { shown, error, profiles: q && !error ? (shown?.results ?? null) : null, loading, retry: () => setAttempt((n) => n + 1) }
}

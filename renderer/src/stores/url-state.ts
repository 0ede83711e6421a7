import { useCallback, useEffect, useMemo, useState } from 'react'
import { currentPath, useAppStore, type NavigateOptions } from './app-store'
import { readQuery, type QueryValues } from './query-values'

export { pageOffset, readQuery, type QueryValues } from './query-values'

/**
 * The query string for new values: values equal to their default are left out (short links),
 * names the view does not own are kept, and the order is the defaults' order.
 */
export function writeQuery<T extends QueryValues>(search: string, defaults: T, values: Partial<T>): string {
  const params = new URLSearchParams(search)
  for (const name of Object.keys(defaults)) params.delete(name)
  const owned = new URLSearchParams()
  for (const [name, fallback] of Object.entries(defaults)) {
    const value = (values as QueryValues)[name]
    if (value !== undefined && value !== fallback) owned.set(name, value)
  }
  return [owned.toString(), params.toString()].filter(Boolean).join('&')
}

/**
 * A view's state kept in the URL: reload, Back/Forward and a pasted link restore it. Changing it
 * adds a history entry unless `replace` is asked (typing, moving within a page).
 */
export function useQueryState<T extends QueryValues>(defaults: T): [T, (patch: Partial<T>, options?: NavigateOptions) => void] {
  const search = useAppStore((s) => s.search)
  const navigate = useAppStore((s) => s.navigate)
  // defaults are written inline by the views: compare them by content
  const key = JSON.stringify(defaults)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readQuery(search, defaults), [search, key])
  const update = useCallback(
    (patch: Partial<T>, options?: NavigateOptions) => {
      const next = writeQuery(useAppStore.getState().search, defaults, { ...readQuery(useAppStore.getState().search, defaults), ...patch })
      navigate(`${currentPath()}${next ? `?${next}` : ''}`, options)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, key],
  )
  return [values, update]
}


/** Sets the window's title: the view's own words first, then "Feedlens". */
export function useDocumentTitle(...parts: Array<string | null | undefined | false>) {
  const title = [...parts.filter((p): p is string => Boolean(p)), 'Feedlens'].join(' · ')
  useEffect(() => {
    document.title = title
  }, [title])
}

/**
 * A form's draft of a value the URL holds: edited freely, and set back to the URL's value
 * whenever that changes (Back/Forward, a pasted link, a submit).
 */
export function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value)
  const [followed, setFollowed] = useState(value)
  if (followed !== value) {
    setFollowed(value)
    setDraft(value)
  }
  return [draft, setDraft]
}

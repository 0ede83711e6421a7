import { useEffect, useRef, useState } from 'react'
import { call } from '../api/client'
import { formatNumber } from '../components/common'
import { useAppStore } from '../stores/app-store'
import { KIND_LABELS, pathOf, type FoundThing } from './find-targets'

/** How long typing pauses before the store is asked. */
const PAUSE_MS = 150

/**
 * Find anything (Ctrl+K, Cmd+K): trends, entities, publishers, categories, lists, sites and
 * articles by what is typed; arrows move, Enter opens, Esc closes.
 */
export function FindDialog({ onClose }: { onClose(): void }) {
  const navigate = useAppStore((s) => s.navigate)
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [found, setFound] = useState<{ q: string; results: FoundThing[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    input.current?.focus()
    return () => opener?.focus()
  }, [])
  useEffect(() => {
    const q = text.trim()
    if (q.length < 2) return
    let live = true
    const timer = setTimeout(() => {
      call('appFind', { query: { q } }).then(
        (answer) => live && (setFound(answer), setActive(0), setError(null)),
        (e: unknown) => live && setError((e as Error).message),
      )
    }, PAUSE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text])
  // what was found for the text as it is (fewer than two characters: nothing asked, nothing shown)
  const shown = text.trim().length >= 2 ? found : null
  const results = shown?.results ?? []
  const open = (r: FoundThing | undefined) => {
    if (!r) return
    onClose()
    navigate(pathOf(r))
  }
  function onKey(e: React.KeyboardEvent) {
    if (e.key === 'Escape') onClose()
    else if (e.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1))
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1))
    else if (e.key === 'Enter') open(results[active])
    else return
    e.preventDefault()
  }
  return (
    <div className="dialog-backdrop find-backdrop" onClick={onClose}>
      <div className="dialog find" role="dialog" aria-modal="true" aria-label="Find anything" onClick={(e) => e.stopPropagation()} onKeyDown={onKey}>
        <input
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Find a trend, entity, publisher, category, list or article"
          aria-label="Find anything"
          aria-controls="find-results"
          aria-activedescendant={results[active] ? `find-${active}` : undefined}
        />
        {error && <p className="error small">{error}</p>}
        {shown && results.length === 0 && <p className="muted">Nothing is called “{shown.q}”.</p>}
        <ul id="find-results" role="listbox" aria-label="Found" className="find-results">
          {results.flatMap((r, i) => [
            ...(i === 0 || results[i - 1]!.kind !== r.kind
              ? [
                  <li key={`kind:${r.kind}`} role="presentation" className="find-kind">
                    {KIND_LABELS[r.kind]}
                  </li>,
                ]
              : []),
            <li key={`${r.kind}:${r.id}`} id={`find-${i}`} role="option" aria-selected={i === active} className={i === active ? 'on' : ''} onMouseEnter={() => setActive(i)} onClick={() => open(r)}>
              <span className="find-label">{r.label}</span>
              <span className="muted small">
                {r.detail}
                {r.count > 0 ? ` · ${formatNumber(r.count)}` : ''}
              </span>
            </li>,
          ])}
        </ul>
        <p className="muted small">↑ ↓ to move, Enter to open, Esc to close</p>
      </div>
    </div>
  )
}

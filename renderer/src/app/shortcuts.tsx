import { useEffect, useRef } from 'react'
import { sectionKey, sections, type Section } from '../../../shared/sections'
import { labelOf } from '../stores/app-store'

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** Ctrl+K (Cmd+K) finds anything, "/" focuses the view's search, "?" lists the shortcuts, g then 1-8 opens a section. */
export function useShortcuts({ onHelp, onSection, onFind }: { onHelp(): void; onSection(section: Section): void; onFind(): void }) {
  const awaitingSection = useRef(false)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // wherever the focus is, a field included
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        onFind()
        return
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
      if (awaitingSection.current) {
        awaitingSection.current = false
        const section = sections.find((_, i) => sectionKey(i) === event.key)
        if (section) {
          event.preventDefault()
          onSection(section)
          return
        }
      }
      if (event.key === '/') {
        // the view's own search where it has one (Articles, Trends, Geography, Publishers), else the one search of everything
        const search = document.querySelector<HTMLElement>('[data-search]')
        event.preventDefault()
        if (search) search.focus()
        else onFind()
      } else if (event.key === '?') {
        event.preventDefault()
        onHelp()
      } else if (event.key === 'g') {
        awaitingSection.current = true
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onHelp, onSection, onFind])
}

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const closeButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    closeButton.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      opener?.focus()
    }
  }, [onClose])
  const rows: Array<[string, string]> = [
    ['Ctrl K', 'Find anything: a trend, entity, publisher, category, list, site or article (Cmd K on a Mac)'],
    ['/', 'Focus the view\'s own search, or find anything where it has none'],
    ['?', 'Show these shortcuts'],
    ...sections.map((s, i): [string, string] => [`g ${sectionKey(i)}`, `Open ${labelOf(s)}`]),
    ['↑ ↓', 'Move between the rows of a table'],
    ['Enter', 'Open the focused row'],
    ['Home / End', 'First or last row'],
    ['Esc', 'Close this list'],
  ]
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <dl className="shortcuts">
          {rows.map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <button ref={closeButton} type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

import { useEffect, useRef } from 'react'
import { sections, type Section } from '../../../shared/sections'
import { labelOf } from '../stores/app-store'

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** "/" focuses the view's search, "?" lists the shortcuts, g then 1-7 opens a section. */
export function useShortcuts({ onHelp, onSection }: { onHelp(): void; onSection(section: Section): void }) {
  const awaitingSection = useRef(false)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
      if (awaitingSection.current) {
        awaitingSection.current = false
        const section = sections[Number(event.key) - 1]
        if (section) {
          event.preventDefault()
          onSection(section)
          return
        }
      }
      if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('[data-search]')
        if (search) {
          event.preventDefault()
          search.focus()
        }
      } else if (event.key === '?') {
        event.preventDefault()
        onHelp()
      } else if (event.key === 'g') {
        awaitingSection.current = true
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onHelp, onSection])
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
    ['/', 'Focus the search or first filter of the view'],
    ['?', 'Show these shortcuts'],
    ...sections.map((s, i): [string, string] => [`g ${i + 1}`, `Open ${labelOf(s)}`]),
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

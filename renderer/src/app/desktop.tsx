import { useEffect, useState } from 'react'
import type { DroppedFilesAnswer } from '../../../shared/bridge'
import { bridge } from '../api/transport'
import { currentPath, useAppStore } from '../stores/app-store'
import { effectiveTheme, setThemeChoice } from './theme'

/** What the desktop app's menus ask of the window, and the view it remembers for the next start. */
export function useDesktopShell(notice: (text: string) => void): void {
  const desktop = bridge.desktop
  const search = useAppStore((s) => s.search)
  const section = useAppStore((s) => s.section)
  const rest = useAppStore((s) => s.rest)
  useEffect(() => {
    if (!desktop) return
    return desktop.onCommand((command) => {
      if (command === 'toggle-theme') setThemeChoice(effectiveTheme() === 'dark' ? 'light' : 'dark')
      else {
        // the view's first table: what "Export CSV" above it saves
        const button = document.querySelector<HTMLButtonElement>('main [data-export-view]')
        if (button) button.click()
        else notice('This view has no table to export; its charts save with their "Save PNG".')
      }
    })
  }, [desktop, notice])
  useEffect(() => {
    desktop?.rememberView(`${currentPath()}${search ? `?${search}` : ''}`)
    // section and rest name the path
  }, [desktop, section, rest, search])
}

/** Files dropped on the desktop window are imported by the main process, from where they lie. */
export function useFileDrop(): { dropping: boolean; answer: DroppedFilesAnswer | null; error: string | null; dismiss(): void; handlers: React.HTMLAttributes<HTMLDivElement> } {
  const desktop = bridge.desktop
  const [dropping, setDropping] = useState(false)
  const [answer, setAnswer] = useState<DroppedFilesAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const hasFiles = (e: React.DragEvent) => Array.from(e.dataTransfer.types).includes('Files')
  if (!desktop) return { dropping: false, answer: null, error: null, dismiss: () => {}, handlers: {} }
  return {
    dropping,
    answer,
    error,
    dismiss: () => {
      setAnswer(null)
      setError(null)
    },
    handlers: {
      onDragOver: (e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        setDropping(true)
      },
      onDragLeave: (e) => {
        if (e.currentTarget === e.target) setDropping(false)
      },
      onDrop: (e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        setDropping(false)
        desktop.importDropped(e.dataTransfer.files).then(
          (a) => {
            setAnswer(a)
            setError(null)
          },
          (err: Error) => setError(`The files could not be handed to the importer: ${err.message}`),
        )
      },
    },
  }
}

/** What a drop did, in sentences: imports started (followed in Settings), files refused and why. */
export function DropNotice({ answer, error, onDismiss }: { answer: DroppedFilesAnswer | null; error: string | null; onDismiss(): void }) {
  if (!answer && !error) return null
  const started = answer?.started ?? 0
  return (
    <div className={`notice ${error || (answer && answer.refused.length > 0) ? 'warn' : 'quiet'}`} role="status">
      {error ?? (started > 0 ? `${started === 1 ? 'One import' : `${started} imports`} started; Settings shows the progress.` : 'Nothing was imported.')}
      {answer && answer.refused.length > 0 && (
        <ul className="plain">
          {answer.refused.map((r, i) => (
            <li key={i}>{r.reason}</li>
          ))}
        </ul>
      )}{' '}
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { call } from '../api/client'
import { useApi } from '../api/use-api'
import { currentPath, useAppStore } from '../stores/app-store'

/** The view on screen as a link of the window: its path and query. */
const viewHere = (search: string) => `${currentPath()}${search ? `?${search}` : ''}`

/** A name asked for in a small dialog (the desktop window has no prompt()). */
function NameDialog({ title, initial, onSave, onClose }: { title: string; initial: string; onSave(name: string): Promise<void>; onClose(): void }) {
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.select(), [])
  async function save(e: React.FormEvent) {
    e.preventDefault()
    try {
      await onSave(name)
      onClose()
    } catch (err) {
      setError((err as Error).message)
    }
  }
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <form className="dialog" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()} onSubmit={save} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <h2>{title}</h2>
        <label>
          Name
          <input ref={input} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        </label>
        {error && <p className="error small">{error}</p>}
        <p className="inline-form">
          <button type="submit" className="primary">
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </p>
      </form>
    </div>
  )
}

/**
 * Saved views in the sidebar: the view on screen kept under a name (every view is a link, so its
 * path and query are the whole of it), opened with a click, renamed or forgotten.
 */
export function SavedViews() {
  const navigate = useAppStore((s) => s.navigate)
  // the view on screen, read again at every change of the route (a string: drawn anew only when it differs)
  const here = useAppStore((s) => viewHere(s.search))
  const views = useApi('appListViews', {})
  const [asking, setAsking] = useState<{ id: string | null; name: string } | null>(null)
  const { reload } = views
  async function save(name: string) {
    if (asking?.id) await call('appUpdateView', { params: { view_id: asking.id }, body: { name } })
    else await call('appSaveView', { body: { name, path: here } })
    reload()
  }
  async function remove(id: string, name: string) {
    if (!window.confirm(`Forget the saved view “${name}”?`)) return
    await call('appRemoveView', { params: { view_id: id } })
    reload()
  }
  return (
    <section className="saved-views" aria-label="Saved views">
      <h3>Saved views</h3>
      <ul className="plain">
        {(views.data?.views ?? []).map((v) => (
          <li key={v.id} className={v.path === here ? 'active' : ''}>
            <a
              href={v.path}
              title={v.path}
              onClick={(e) => {
                e.preventDefault()
                navigate(v.path)
              }}
            >
              {v.name}
            </a>
            <button type="button" className="link small" aria-label={`Rename ${v.name}`} onClick={() => setAsking({ id: v.id, name: v.name })}>
              ✎
            </button>
            <button type="button" className="link small" aria-label={`Forget ${v.name}`} onClick={() => void remove(v.id, v.name)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link small" onClick={() => setAsking({ id: null, name: document.title.replace(/ · Feedlens$/, '') })}>
        + Save this view
      </button>
      {asking && <NameDialog title={asking.id ? 'Rename the saved view' : 'Save this view'} initial={asking.name} onSave={save} onClose={() => setAsking(null)} />}
    </section>
  )
}

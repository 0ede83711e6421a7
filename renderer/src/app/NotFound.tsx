import { useAppStore } from '../stores/app-store'
import { useDocumentTitle } from '../stores/url-state'

/** An unknown path or id: said plainly, with the way back. */
export function NotFound({ what, backTo = '/trends', backLabel = 'Go to Trends' }: { what: string; backTo?: string; backLabel?: string }) {
  const navigate = useAppStore((s) => s.navigate)
  useDocumentTitle('Not found')
  return (
    <div className="page not-found" role="region" aria-label="Not found">
      <h1>Not found</h1>
      <p>{what} does not exist in this store: the link may be old, or the data it named was removed or not imported here.</p>
      <p>
        <button type="button" className="primary" onClick={() => navigate(backTo)}>
          {backLabel}
        </button>{' '}
        <button type="button" onClick={() => window.history.back()}>
          Back
        </button>
      </p>
    </div>
  )
}

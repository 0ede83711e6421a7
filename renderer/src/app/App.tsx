import { useEffect } from 'react'
import { ArticlesPage } from '../features/articles/ArticlesPage'
import { GeographyPage } from '../features/geography/GeographyPage'
import { PublishersPage } from '../features/publishers/PublishersPage'
import { SettingsPage } from '../features/settings/SettingsPage'
import { SignalsPage } from '../features/signals/SignalsPage'
import { TrackingPage } from '../features/tracking/TrackingPage'
import { TrendsPage } from '../features/trends/TrendsPage'
import { bridge } from '../api/transport'
import { sections, type Section } from '../../../shared/sections'
import { labelOf, useAppStore } from '../stores/app-store'
import { EmptyStoreBanner } from './EmptyStoreBanner'

const pages: Record<Section, () => React.JSX.Element> = {
  trends: TrendsPage,
  tracking: TrackingPage,
  signals: SignalsPage,
  articles: ArticlesPage,
  geography: GeographyPage,
  publishers: PublishersPage,
  settings: SettingsPage,
}

export function App() {
  const section = useAppStore((s) => s.section)
  const navigate = useAppStore((s) => s.navigate)
  const status = useAppStore((s) => s.status)
  const statusError = useAppStore((s) => s.statusError)
  const loadStatus = useAppStore((s) => s.loadStatus)
  const syncFromLocation = useAppStore((s) => s.syncFromLocation)
  const signedOut = useAppStore((s) => s.signedOut)

  useEffect(() => bridge.onNavigate((path) => navigate(path)), [navigate])

  useEffect(() => {
    void loadStatus()
    window.addEventListener('popstate', syncFromLocation)
    window.addEventListener('hashchange', syncFromLocation)
    return () => {
      window.removeEventListener('popstate', syncFromLocation)
      window.removeEventListener('hashchange', syncFromLocation)
    }
  }, [loadStatus, syncFromLocation])

  if (signedOut) return <SignInNeeded />
  const Page = pages[section]
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">
          <span className="logo" aria-hidden>
            ◎
          </span>{' '}
          Feedlens
        </div>
        {sections.map((s) => (
          <a
            key={s}
            href={`/${s}`}
            className={s === section ? 'active' : ''}
            aria-current={s === section ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault()
              navigate(`/${s}`)
            }}
          >
            {labelOf(s)}
          </a>
        ))}
        <div className="sidebar-foot">
          {statusError ? (
            <span className="danger-text">{statusError}</span>
          ) : (
            <>
              <div>{status?.project?.name ?? 'No project'}</div>
              <div className="muted">
                {bridge.kind === 'electron' ? 'Desktop' : 'Web'} · v{status?.version ?? '…'}
              </div>
            </>
          )}
        </div>
      </nav>
      <main className="content">
        <EmptyStoreBanner />
        <Page />
      </main>
    </div>
  )
}

/** Web mode without a session: the page holds no secret, so it says how to get one. */
function SignInNeeded() {
  return (
    <main className="content sign-in">
      <h1>Sign in to Feedlens</h1>
      <p>
        This Feedlens server opens its window only to the sign-in link it printed when it started (<code>feedlens serve</code>, in its
        terminal). Open that link in this browser.
      </p>
      <p>
        Lost it, or used it already? Run <code>feedlens link</code> (with the same <code>--data-dir</code>) for a new one. A link works once;
        the session it starts lasts 30 days.
      </p>
    </main>
  )
}

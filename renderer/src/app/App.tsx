import { useCallback, useEffect, useState, type ComponentType } from 'react'
import { bridge } from '../api/transport'
import { sections, type Section } from '../../../shared/sections'
import { labelOf, useAppStore } from '../stores/app-store'
import { useDocumentTitle } from '../stores/url-state'
import { DropNotice, useDesktopShell, useFileDrop } from './desktop'
import { askAhead } from './ask-ahead'
import { EmptyStoreBanner } from './EmptyStoreBanner'
import { NotFound } from './NotFound'
import { isCodeNotLoaded, ScreenBoundary } from './ScreenBoundary'
import { ShortcutsDialog, useShortcuts } from './shortcuts'
import { FindDialog } from './FindDialog'
import { SavedViews } from './SavedViews'
import { ThemeSwitch, useTheme } from './theme'

/**
 * Each screen is its own chunk: the first paint loads only the screen it shows (echarts comes with
 * the screens that chart). A screen whose code failed to load (the server was away) says so in a
 * sentence and loads it anew on "Try again".
 */
const loaders: Record<Section, () => Promise<{ default: ComponentType }>> = {
  trends: () => import('../features/trends/TrendsPage').then((m) => ({ default: m.TrendsPage })),
  tracking: () => import('../features/tracking/TrackingPage').then((m) => ({ default: m.TrackingPage })),
  signals: () => import('../features/signals/SignalsPage').then((m) => ({ default: m.SignalsPage })),
  leaders: () => import('../features/leaders/LeadersPage').then((m) => ({ default: m.LeadersPage })),
  alerts: () => import('../features/alerts/AlertsPage').then((m) => ({ default: m.AlertsPage })),
  articles: () => import('../features/articles/ArticlesPage').then((m) => ({ default: m.ArticlesPage })),
  geography: () => import('../features/geography/GeographyPage').then((m) => ({ default: m.GeographyPage })),
  publishers: () => import('../features/publishers/PublishersPage').then((m) => ({ default: m.PublishersPage })),
  site: () => import('../features/site/SitePage').then((m) => ({ default: m.SitePage })),
  settings: () => import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
}

export function App() {
  const section = useAppStore((s) => s.section)
  const navigate = useAppStore((s) => s.navigate)
  const status = useAppStore((s) => s.status)
  const statusError = useAppStore((s) => s.statusError)
  const loadStatus = useAppStore((s) => s.loadStatus)
  const syncFromLocation = useAppStore((s) => s.syncFromLocation)
  const signedOut = useAppStore((s) => s.signedOut)
  const theme = useTheme()
  const [helpOpen, setHelpOpen] = useState(false)
  const [findOpen, setFindOpen] = useState(false)
  const openFind = useCallback(() => setFindOpen(true), [])
  useShortcuts({ onHelp: () => setHelpOpen(true), onSection: (s) => navigate(`/${s}`), onFind: openFind })

  useEffect(() => bridge.onNavigate((path) => navigate(path)), [navigate])
  // another section (or the first): its questions go out while its code loads
  useEffect(() => {
    const { search, rest } = useAppStore.getState()
    if (section) askAhead(section, search, rest)
  }, [section])
  // desktop: the menus' commands, the view remembered for the next start, files dropped on the window
  const [menuNotice, setMenuNotice] = useState<string | null>(null)
  useDesktopShell(useCallback((text: string) => setMenuNotice(text), []))
  const drop = useFileDrop()

  useEffect(() => {
    void loadStatus()
    window.addEventListener('popstate', syncFromLocation)
    window.addEventListener('hashchange', syncFromLocation)
    return () => {
      window.removeEventListener('popstate', syncFromLocation)
      window.removeEventListener('hashchange', syncFromLocation)
    }
  }, [loadStatus, syncFromLocation])

  // while trends and signals are recomputed (after an import, at a start on older data) the
  // status is asked often, so the notice goes and the views reload soon after they are ready
  const recomputing = Boolean(status?.analytics.refreshing || status?.analytics.behind)
  useEffect(() => {
    const timer = setInterval(() => void loadStatus(), recomputing ? 3_000 : 10_000)
    // coming back to the window (after an import in a terminal) looks at once
    const onFocus = () => void loadStatus()
    window.addEventListener('focus', onFocus)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', onFocus)
    }
  }, [recomputing, loadStatus])

  if (signedOut) return <SignInNeeded />
  return (
    <div className={`shell${drop.dropping ? ' dropping' : ''}`} {...drop.handlers}>
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
            {s === 'alerts' && (status?.alerts?.unread ?? 0) > 0 && (
              <span className="nav-count" aria-label={`${status!.alerts.unread} unread`}>
                {status!.alerts.unread}
              </span>
            )}
          </a>
        ))}
        <SavedViews />
        <div className="sidebar-foot">
          <ThemeSwitch theme={theme} />
          <button type="button" className="link sidebar-help" onClick={openFind}>
            Find anything <kbd>Ctrl K</kbd>
          </button>
          <button type="button" className="link sidebar-help" onClick={() => setHelpOpen(true)}>
            Keyboard shortcuts <kbd>?</kbd>
          </button>
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
        {drop.dropping && (
          <div className="notice quiet" role="status">
            Drop the files to import them into this store.
          </div>
        )}
        <DropNotice answer={drop.answer} error={drop.error} onDismiss={drop.dismiss} />
        {menuNotice && (
          <div className="notice quiet" role="status">
            {menuNotice}{' '}
            <button type="button" className="link" onClick={() => setMenuNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
        {recomputing && (
          <div className="notice quiet" role="status">
            Trends and signals are being recomputed with the newest data; the views refresh by themselves when they are ready.
          </div>
        )}
        {(status?.analytics.skipped.length ?? 0) > 0 && <SkippedNotice skipped={status!.analytics.skipped} />}
        {section ? (
          <Screen key={section} section={section} />
        ) : (
          <NotFound what="This page" />
        )}
      </main>
      {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
      {findOpen && <FindDialog onClose={() => setFindOpen(false)} />}
    </div>
  )
}

/** A section's screen: its code loaded (once, or anew after a failure), drawn under a boundary that keeps a failure to it. */
function Screen({ section }: { section: Section }) {
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<{ attempt: number; Page?: ComponentType; error?: unknown } | null>(null)
  useEffect(() => {
    let live = true
    loaders[section]().then(
      (m) => live && setLoaded({ attempt, Page: m.default }),
      (error: unknown) => {
        if (!live) return
        // Chromium keeps a module that failed to load as failed for the page's life: once the server
        // is back ("Try again"), only loading the page anew fetches it (the view is in the address)
        if (attempt > 0 && isCodeNotLoaded(error)) window.location.reload()
        else setLoaded({ attempt, error })
      },
    )
    return () => {
      live = false
    }
  }, [section, attempt])
  const retry = () => setAttempt((a) => a + 1)
  if (!loaded || loaded.attempt !== attempt) return <ScreenLoading />
  const { Page, error } = loaded
  return (
    <ScreenBoundary key={attempt} onRetry={retry} failed={Page ? null : error}>
      {Page && <Page />}
    </ScreenBoundary>
  )
}

/** Articles the last recompute could not read: said, each a link to the article (which can be removed there). */
function SkippedNotice({ skipped }: { skipped: Array<{ id: string; title: string; reason: string }> }) {
  const navigate = useAppStore((s) => s.navigate)
  return (
    <div className="notice" role="status" aria-label="Articles left out">
      {skipped.length === 1 ? 'An article was' : `${skipped.length} articles were`} left out of trends and signals: the recompute could not read{' '}
      {skipped.length === 1 ? 'it' : 'them'}.{' '}
      {skipped.slice(0, 3).map((s) => (
        <span key={s.id}>
          <button type="button" className="link" title={s.reason} onClick={() => navigate(`/article/${s.id}`)}>
            {s.title.slice(0, 80) || s.id}
          </button>{' '}
          ({s.reason.slice(0, 120)}){' '}
        </span>
      ))}
      Open one to remove it from the store.
    </div>
  )
}

function ScreenLoading() {
  return (
    <div className="page" aria-busy="true">
      <p className="muted">Opening…</p>
    </div>
  )
}

/** Web mode without a session: the page holds no secret, so it says how to get one. */
function SignInNeeded() {
  useDocumentTitle('Sign in')
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

import { Card, formatNumber, PageHeader } from '../../components/common'
import { bridge } from '../../api/transport'
import { ApiKeysCard } from './ApiKeysCard'
import { DesktopCard } from './DesktopCard'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle } from '../../stores/url-state'
import { ImportPanel } from './ImportPanel'
import { SearchConsoleImport } from './SearchConsoleImport'
import { SourcesCard } from './SourcesCard'

/** Settings: the store and project, and API keys (create with the value shown once, list, revoke). */
export function SettingsPage() {
  const status = useAppStore((s) => s.status)
  useDocumentTitle('Settings')
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="Project, store and API access for local scripts" />
      <div className="grid-2">
        <Card title="Project">
          {status?.project ? (
            <dl className="facts">
              <dt>Project</dt>
              <dd>{status.project.name}</dd>
              <dt>Plan</dt>
              <dd>
                {status.project.plan.name}
                {status.project.plan.history_days ? ` · ${status.project.plan.history_days} days of history` : ' · full history'}
              </dd>
              <dt>Requests</dt>
              <dd>
                {status.project.plan.requests_per_minute ?? '∞'} / minute · {status.project.plan.requests_per_month === null ? '∞' : formatNumber(status.project.plan.requests_per_month)} / month
              </dd>
            </dl>
          ) : (
            <p className="muted">No project yet. Start with the demo: feedlens serve --demo</p>
          )}
        </Card>
        <Card title="Store">
          <dl className="facts">
            <dt>File</dt>
            <dd className="mono">{status?.data_dir ?? '—'}</dd>
            <dt>Articles</dt>
            <dd>{formatNumber(status?.counts.articles)}</dd>
            <dt>Observations</dt>
            <dd>{formatNumber(status?.counts.observations)}</dd>
            <dt>Version</dt>
            <dd>{status?.version ?? '—'}</dd>
          </dl>
        </Card>
      </div>

      {bridge.desktop && <DesktopCard desktop={bridge.desktop} />}

      <ImportPanel />

      <SearchConsoleImport />

      <SourcesCard />

      <ApiKeysCard />
    </div>
  )
}

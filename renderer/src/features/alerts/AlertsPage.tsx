import { useCallback, useState, type FormEvent } from 'react'
import type { RouteInput, RouteResponse } from '../../../../shared/contract/routes'
import { formatGroups } from '../../../../shared/contract/values'
import { call } from '../../api/client'
import { useAction } from '../../api/use-action'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatTime, PageHeader } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { ChoiceSelect, CountrySelect } from '../../components/Pickers'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'

type Alert = RouteResponse<'appAlerts'>['alerts'][number]
type Rule = RouteResponse<'appAlertRules'>['rules'][number]

const KINDS = [
  { value: 'volatility', label: 'Volatility at or above' },
  { value: 'tracked_change', label: 'A tracked item changes by' },
  { value: 'new_trend', label: 'A new trend matches a mention list' },
  { value: 'publisher_rank', label: 'A publisher enters or leaves the top N' },
]
const KIND_WORDS: Record<string, string> = { volatility: 'volatility', tracked_change: 'tracked item', new_trend: 'new trend', publisher_rank: 'publisher rank' }

const ALERTS_VIEW = { unread: '' }

/** Alerts: the inbox of what crossed a threshold, and the thresholds watched after every import, sync and recompute. */
export function AlertsPage() {
  useDocumentTitle('Alerts')
  const navigate = useAppStore((s) => s.navigate)
  const loadStatus = useAppStore((s) => s.loadStatus)
  const [view, setView] = useQueryState(ALERTS_VIEW)
  const unreadOnly = view.unread === '1'
  const inbox = useApi('appAlerts', { query: { unread: unreadOnly ? 'true' : 'false', limit: 500 } })
  const rules = useApi('appAlertRules', {})
  const { error, act } = useAction({
    always: useCallback(() => {
      inbox.reload()
      rules.reload()
      void loadStatus()
    }, [inbox, rules, loadStatus]),
  })
  const [checked, setChecked] = useState<string | null>(null)

  const open = (a: Alert) => {
    if (!a.read) void call('appReadAlerts', { body: { ids: [a.id] } }).then(() => loadStatus())
    navigate(a.link)
  }
  const checkNow = () =>
    void act(async () => {
      const answer = await call('appEvaluateAlerts', {})
      setChecked(answer.fired.length === 0 ? `${answer.evaluated} ${answer.evaluated === 1 ? 'rule' : 'rules'} checked: nothing new crossed.` : `${answer.fired.length} new ${answer.fired.length === 1 ? 'alert' : 'alerts'}.`)
    })

  const alertColumns: Array<Column<Alert>> = [
    { id: 'at', header: 'When', nowrap: true, value: (a) => a.at, cell: (a) => formatTime(a.at) },
    { id: 'title', header: 'What happened', value: (a) => a.title, cell: (a) => (a.read ? a.title : <strong>{a.title}</strong>) },
    { id: 'rule', header: 'Alert', value: (a) => a.rule_name, cell: (a) => `${a.rule_name} (${KIND_WORDS[a.kind]})` },
    { id: 'evidence', header: 'Evidence', value: (a) => Object.entries(a.evidence).map(([k, v]) => `${k}: ${v ?? '—'}`).join('; '), cell: (a) => <span className="muted small">{Object.entries(a.evidence).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v ?? '—'}`).join(' · ')}</span> },
    { id: 'read', header: 'Read', value: (a) => (a.read ? 'yes' : 'no'), cell: (a) => (a.read ? '' : <span className="badge">new</span>) },
  ]
  const ruleColumns: Array<Column<Rule>> = [
    { id: 'name', header: 'Alert', value: (r) => r.name, cell: (r) => r.name },
    { id: 'condition', header: 'When', wide: true, value: (r) => r.condition, cell: (r) => r.condition },
    { id: 'crossed', header: 'Now', value: (r) => (r.crossed === null ? 'not checked yet' : r.crossed ? 'crossed' : 'not crossed'), cell: (r) => (r.crossed === null ? <span className="muted">not checked yet</span> : r.crossed ? <span className="badge warn">crossed</span> : 'not crossed') },
    { id: 'last_fired_at', header: 'Last fired', nowrap: true, value: (r) => r.last_fired_at, cell: (r) => formatTime(r.last_fired_at) },
    {
      id: 'actions',
      header: '',
      sortable: false,
      value: null,
      cell: (r) => (
        <span className="row-actions">
          <button type="button" className="link" aria-pressed={r.muted} onClick={(e) => (e.stopPropagation(), void act(() => call('appUpdateAlertRule', { params: { rule_id: r.id }, body: { muted: !r.muted } })))}>
            {r.muted ? 'Unmute' : 'Mute'}
          </button>{' '}
          <button type="button" className="link danger-text" aria-label={`Delete the alert ${r.name}`} onClick={(e) => (e.stopPropagation(), void act(() => call('appRemoveAlertRule', { params: { rule_id: r.id } })))}>
            Delete
          </button>
        </span>
      ),
    },
  ]
  const alerts = inbox.data?.alerts ?? []
  return (
    <div className="page">
      <PageHeader
        title="Alerts"
        subtitle="Thresholds watched after every import, sync and recompute: each crossing is told once, here and on the desktop as a notification"
        actions={
          <button type="button" onClick={checkNow}>
            Check now
          </button>
        }
      />
      <ErrorBanner message={error ?? inbox.error ?? rules.error} />
      {checked && (
        <div className="notice quiet" role="status">
          {checked}
        </div>
      )}
      <Card
        title={`Inbox${inbox.data ? ` · ${inbox.data.unread} unread` : ''}`}
        extra={
          <span className="row-actions">
            <label className="check">
              <input type="checkbox" checked={unreadOnly} onChange={(e) => setView({ unread: e.target.checked ? '1' : '' })} /> Unread only
            </label>
            <button type="button" className="link" disabled={!inbox.data?.unread} onClick={() => void act(() => call('appReadAlerts', { body: {} }))}>
              Mark all read
            </button>
          </span>
        }
      >
        <DataTable
          label="Alerts"
          columns={alertColumns}
          rows={alerts}
          rowKey={(a) => a.id}
          loading={inbox.loading}
          onOpen={open}
          openLabel="Open what it is about (and mark it read)"
          exportAs={{ fileName: exportFileName('alerts', unreadOnly && 'unread') }}
          empty={
            <EmptyState title={unreadOnly ? 'Nothing unread' : 'No alerts yet'}>
              {rules.data?.rules.length ? 'When a threshold below is crossed, it is told here.' : 'Add an alert below: it is checked after every import, sync and recompute.'}
            </EmptyState>
          }
        />
      </Card>
      <Card title="Watched">
        <DataTable label="Alert rules" columns={ruleColumns} rows={rules.data?.rules ?? []} rowKey={(r) => r.id} loading={rules.loading} empty={<p className="muted">No alert yet.</p>} />
        <NewRuleForm onCreate={(body) => act(() => call('appCreateAlertRule', { body }))} />
      </Card>
    </div>
  )
}

/** A new alert: its kind's fields, with a name proposed from them. */
function NewRuleForm({ onCreate }: { onCreate(body: RouteInput<'appCreateAlertRule'>['body']): Promise<void> }) {
  const [kind, setKind] = useState('volatility')
  const [name, setName] = useState('')
  const [country, setCountry] = useState('all')
  const [format, setFormat] = useState('')
  const [threshold, setThreshold] = useState('7')
  const [listId, setListId] = useState('')
  const [item, setItem] = useState('')
  const [window, setWindow] = useState('24h')
  const [direction, setDirection] = useState('either')
  const [domain, setDomain] = useState('')
  const [top, setTop] = useState('10')
  const lists = useApi('listTrackingLists', kind === 'tracked_change' || kind === 'new_trend' ? { query: { limit: 200 } } : null)
  const listChoices = (lists.data?.lists ?? []).filter((l) => (kind === 'new_trend' ? l.kind === 'mention' : l.kind !== 'trend')).map((l) => ({ value: l.id, label: `${l.name} (${l.kind})` }))
  const chosenList = listId && listChoices.some((c) => c.value === listId) ? listId : (listChoices[0]?.value ?? '')
  const rule = (): Record<string, unknown> => {
    if (kind === 'volatility') return { kind, country, format_group: format || null, threshold: Number(threshold) }
    if (kind === 'tracked_change') return { kind, list_id: chosenList, item: item.trim() || null, window, threshold_pct: Number(threshold), direction }
    if (kind === 'new_trend') return { kind, list_id: chosenList, country }
    return { kind, domain, country, top: Number(top) }
  }
  const proposed =
    kind === 'volatility'
      ? `Volatility ${country === 'all' ? 'of the feed' : country}${format ? ` (${format})` : ''} ≥ ${threshold}`
      : kind === 'tracked_change'
        ? `${item.trim() || listChoices.find((c) => c.value === chosenList)?.label.replace(/ \(.*\)$/, '') || 'Tracked'} ${direction === 'up' ? '+' : direction === 'down' ? '−' : '±'}${threshold} %`
        : kind === 'new_trend'
          ? `New trends of ${listChoices.find((c) => c.value === chosenList)?.label.replace(/ \(.*\)$/, '') ?? 'a list'}`
          : `${domain || 'A publisher'} in the top ${top}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void onCreate({ name: name.trim() || proposed, rule: rule() as never }).then(() => setName(''))
  }
  return (
    <form className="inline-form alert-form" aria-label="New alert" onSubmit={submit}>
      <ChoiceSelect label="Alert when" value={kind} onChange={(k) => (setKind(k), setThreshold(k === 'volatility' ? '7' : '50'))} choices={KINDS} />
      {kind === 'volatility' && (
        <>
          <CountrySelect value={country} onChange={setCountry} anyValue="all" anyLabel="All markets" />
          <ChoiceSelect label="Format group" value={format} onChange={setFormat} choices={formatGroups} anyLabel="All formats" />
          <label>
            Index
            <input type="number" min={0} max={100} step={0.5} value={threshold} onChange={(e) => setThreshold(e.target.value)} aria-label="Volatility index threshold" required />
          </label>
        </>
      )}
      {(kind === 'tracked_change' || kind === 'new_trend') && (
        <ChoiceSelect label={kind === 'new_trend' ? 'Mention list' : 'List'} value={chosenList} onChange={setListId} choices={listChoices} anyLabel={listChoices.length === 0 ? (kind === 'new_trend' ? 'No mention list yet' : 'No list yet') : null} />
      )}
      {kind === 'tracked_change' && (
        <>
          <label>
            Item
            <input value={item} onChange={(e) => setItem(e.target.value)} placeholder="any item" aria-label="Item key (none: any item)" />
          </label>
          <ChoiceSelect label="Change" value={direction} onChange={setDirection} choices={[{ value: 'either', label: 'up or down' }, { value: 'up', label: 'up' }, { value: 'down', label: 'down' }]} />
          <label>
            By %
            <input type="number" min={1} max={10000} value={threshold} onChange={(e) => setThreshold(e.target.value)} aria-label="Change threshold in percent" required />
          </label>
          <ChoiceSelect label="In" value={window} onChange={setWindow} choices={[{ value: '24h', label: '24 hours' }, { value: '7d', label: '7 days' }]} />
        </>
      )}
      {kind === 'new_trend' && <CountrySelect value={country} onChange={setCountry} anyValue="all" anyLabel="All markets" />}
      {kind === 'publisher_rank' && (
        <>
          <label>
            Publisher
            <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com" aria-label="Publisher domain" required />
          </label>
          <CountrySelect value={country} onChange={setCountry} anyValue="all" anyLabel="All markets" />
          <label>
            Top
            <input type="number" min={1} max={100} value={top} onChange={(e) => setTop(e.target.value)} aria-label="Top N" required />
          </label>
        </>
      )}
      <label className="grow">
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder={proposed} maxLength={80} aria-label="Alert name" />
      </label>
      <button type="submit" disabled={(kind === 'tracked_change' || kind === 'new_trend') && !chosenList}>
        Add alert
      </button>
    </form>
  )
}

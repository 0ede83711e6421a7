import type { ReactNode } from 'react'

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="actions">{actions}</div>}
    </header>
  )
}

/** An error in a sentence, with Retry when the request can be made again. */
export function ErrorBanner({ message, onRetry }: { message: string | null; onRetry?: () => void }) {
  if (!message) return null
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="link" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h3>{title}</h3>
      {children && <p>{children}</p>}
    </div>
  )
}

export function Card({ title, children, extra }: { title?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="card">
      {(title || extra) && (
        <div className="card-head">
          {title && <h2>{title}</h2>}
          {extra}
        </div>
      )}
      {children}
    </section>
  )
}

export function Pager({ total, limit, offset, onChange }: { total: number; limit: number; offset: number; onChange(offset: number): void }) {
  if (total <= limit) return <div className="pager muted">{total} in all</div>
  return (
    <div className="pager">
      <button disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        ← Previous
      </button>
      <span>
        {offset + 1}–{Math.min(offset + limit, total)} of {formatNumber(total)}
      </span>
      <button disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        Next →
      </button>
    </div>
  )
}

/** A filter set from elsewhere (a drill-down), shown with a way to take it off. */
export function FilterChip({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <span className="chip">
      {label}
      <button type="button" className="link" aria-label={`Remove ${label}`} onClick={onRemove}>
        ×
      </button>
    </span>
  )
}

/** One formatter for every figure: toLocaleString builds a new one per call, and a table of 200 rows called it a thousand times. */
const NUMBER = new Intl.NumberFormat('en-US')
export const formatNumber = (n: number | null | undefined) => (n === null || n === undefined ? '—' : NUMBER.format(n))
export const formatTime = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—')

/** A time in a table cell that may break between its date and its clock, never inside either: a narrow table beside a card keeps its last column. */
export function TimeText({ iso }: { iso: string | null | undefined }) {
  const text = formatTime(iso)
  const [date, clock] = text.split(' ')
  if (!iso || !clock) return <>{text}</>
  return (
    <time dateTime={iso}>
      <span className="nowrap">{date}</span> <span className="nowrap">{clock}</span>
    </time>
  )
}

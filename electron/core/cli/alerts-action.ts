import { openCore } from '../bootstrap'
import type { Core } from '../core'
import { askMethod } from '../service/ask'

const print = (line: string) => process.stdout.write(`${line}\n`)

async function withCore<T>(dataDir: string | undefined, work: (core: Core) => Promise<T>): Promise<T> {
  const core = openCore({ dataDir })
  try {
    return await work(core)
  } finally {
    core.close()
  }
}

interface AlertLine {
  id: string
  at: string
  title: string
  rule_name: string
  read: boolean
  link: string
  evidence: Record<string, string | number | null>
}

/** `feedlens alerts`: the rules evaluated now (an import in another process fires here), then the inbox. */
export async function listAlerts(opts: { unread?: boolean; markRead?: boolean; limit: number; json?: boolean; dataDir?: string }): Promise<void> {
  await withCore(opts.dataDir, async (core) => {
    await core.evaluateAlerts()
    const ctx = core.context(core.appPrincipal())
    const answer = (await askMethod(ctx, 'appAlerts', { query: { unread: opts.unread ? 'true' : 'false', limit: String(opts.limit) } })) as { alerts: AlertLine[]; unread: number; total: number }
    if (opts.markRead && answer.alerts.length > 0) core.store.alerts.markRead(answer.alerts.map((a) => a.id))
    if (opts.json) return print(JSON.stringify(answer, null, 2))
    if (answer.alerts.length === 0) {
      const rules = core.store.alerts.ruleCount()
      return print(rules === 0 ? 'No alert rules yet: add one in the window (Alerts) or with POST /app/alerts/rules.' : opts.unread ? 'No unread alerts.' : 'No alerts yet.')
    }
    for (const a of answer.alerts) print(`${a.read ? ' ' : '*'} ${a.at.slice(0, 16).replace('T', ' ')}  ${a.title}  [${a.rule_name}]`)
    print(`${answer.unread} unread of ${answer.total}${opts.markRead ? '; those shown are now read' : ''}.`)
  })
}

/** `feedlens alerts rules`: each rule, its condition, whether it holds now and when it last fired. */
export async function listRules(opts: { json?: boolean; dataDir?: string }): Promise<void> {
  await withCore(opts.dataDir, async (core) => {
    const ctx = core.context(core.appPrincipal())
    const answer = (await askMethod(ctx, 'appAlertRules', {})) as {
      rules: Array<{ id: string; name: string; condition: string; muted: boolean; crossed: boolean | null; last_fired_at: string | null }>
    }
    if (opts.json) return print(JSON.stringify(answer, null, 2))
    if (answer.rules.length === 0) return print('No alert rules yet.')
    for (const r of answer.rules) {
      const now = r.crossed === null ? 'not evaluated yet' : r.crossed ? 'crossed now' : 'not crossed'
      print(`${r.id}  ${r.name}${r.muted ? ' (muted)' : ''}: ${r.condition}; ${now}; last fired ${r.last_fired_at ?? 'never'}`)
    }
  })
}

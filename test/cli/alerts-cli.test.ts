import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openTestStore, tempDir } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'
import { feedlens } from '../helpers/cli'

/** `feedlens alerts` for scripts (the built CLI): it evaluates every rule first, each crossing told once. */
describe('feedlens alerts', () => {
  it('evaluates the rules against the store, prints the inbox (JSON as the window\'s method), and tells a crossing once', () => {
    const dir = tempDir()
    const store = openTestStore(path.join(dir, 'feedlens.db'))
    const project = store.projects.create({ id: randomUUID(), name: 'P', planId: 'pro', createdAt: new Date().toISOString() })
    seedFixture(store, project.id)
    const none = feedlens(['alerts', '--data-dir', dir])
    expect(none.stdout).toBe('No alert rules yet: add one in the window (Alerts) or with POST /app/alerts/rules.\n')
    // a rule written before the fixture's trends came: each is new to it
    store.alerts.createRule({ id: randomUUID(), name: 'Fed stories', kind: 'new_trend', definition: JSON.stringify({ kind: 'new_trend', list_id: IDS.mentionList, country: 'all' }), muted: false, now: '2026-11-19T00:00:00.000Z' })
    store.sqlite.prepare(`UPDATE alert_rules SET state = '{"seenTrends":[]}'`).run()
    store.close()

    const first = feedlens(['alerts', '--json', '--data-dir', dir])
    expect(first.code).toBe(0)
    const inbox = JSON.parse(first.stdout) as { alerts: Array<{ title: string; read: boolean; link: string }>; unread: number; total: number }
    expect(inbox.alerts.map((a) => a.title).sort()).toEqual(['New trend “Fed holds rates” matches “federal reserve” of Brand watch', 'New trend “Market reaction” matches “federal reserve” of Brand watch'])
    expect(inbox).toMatchObject({ unread: 2, total: 2 })
    // again: nothing new fires; the text form marks unread with *
    const again = feedlens(['alerts', '--mark-read', '--data-dir', dir])
    expect(again.stdout.split('\n').filter((l) => l.startsWith('* '))).toHaveLength(2)
    expect(again.stdout).toContain('2 unread of 2; those shown are now read.')
    expect(JSON.parse(feedlens(['alerts', '--json', '--unread', '--data-dir', dir]).stdout)).toEqual({ alerts: [], unread: 0, total: 2 })
    const rules = JSON.parse(feedlens(['alerts', 'rules', '--json', '--data-dir', dir]).stdout) as { rules: Array<{ name: string; crossed: boolean; condition: string }> }
    expect(rules.rules).toEqual([expect.objectContaining({ name: 'Fed stories', crossed: false, condition: 'A new trend matching the list\'s keywords in the whole feed' })])
    expect(feedlens(['alerts', '--limit', '0', '--data-dir', dir]).code).not.toBe(0)
  })
})

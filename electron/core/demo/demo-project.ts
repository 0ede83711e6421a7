import { randomUUID } from 'node:crypto'
import { createApiKey } from '../service/handlers/app'
import type { Store } from '../store/store'
import { generateDemoWorld, type DemoOptions, type DemoSummary } from './generate'

export const DEMO_PROJECT_NAME = 'Demo project'

/**
 * On an empty store, creates the demo project on the Pro plan and its first API key.
 * Returns the key's value (shown once) or null when the store already has a project.
 */
export function ensureDemoProject(store: Store, now: Date): { projectId: string; keyValue: string } | null {
  if (store.projects.all().length > 0) return null
  return store.transaction(() => {
    const project = store.projects.create({ id: randomUUID(), name: DEMO_PROJECT_NAME, planId: 'pro', createdAt: now.toISOString() })
    const { value } = createApiKey(store, { name: 'Demo key', projectId: project.id }, now)
    return { projectId: project.id, keyValue: value }
  })
}

/** Builds the demo world when the store has no articles yet; null when it already has data. */
export function ensureDemoWorld(store: Store, options: DemoOptions): DemoSummary | null {
  if (store.counts().articles > 0) return null
  return generateDemoWorld(store, options)
}

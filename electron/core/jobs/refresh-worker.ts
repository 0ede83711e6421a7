/**
 * Worker thread entry: brings a store's trends and signals up to date (refresh.ts) on a connection
 * of its own, so the thread that answers requests is never held by a recompute (a full pass takes
 * tens of seconds at medium scale). It lives as long as the app: the trends' clustering state an
 * incremental update builds on stays here between refreshes.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { boundHeapGrowth } from '../paths/heap-growth'
import { runStepsInBackground, withMilestones } from '../steps'
import { describeError } from '../store/busy'
import type { OpenStoreOptions } from '../store/database'
import { Store } from '../store/store'
import { refreshSteps } from './refresh'
import type { RefreshReply, RefreshRequest } from './refresh-thread'
import { trendsConsolidationDue } from './trends'

function serve(port: MessagePort, options: OpenStoreOptions): void {
  const store = Store.open(options)
  // one refresh at a time, in the order asked (an incremental update builds on the one before)
  let queue = Promise.resolve()
  port.on('message', (request: RefreshRequest) => {
    queue = queue.then(async () => {
      try {
        const steps = refreshSteps(store, new Date(request.now), { fullTrends: request.fullTrends })
        await runStepsInBackground(withMilestones(steps, (milestone) => port.postMessage({ id: request.id, milestone } satisfies RefreshReply)))
        port.postMessage({ id: request.id, ok: true, consolidationDue: trendsConsolidationDue(store) } satisfies RefreshReply)
      } catch (error) {
        port.postMessage({ id: request.id, ok: false, error: describeError(error) } satisfies RefreshReply)
      }
    })
  })
}

if (parentPort) {
  // a full pass's dropped maps would otherwise double its heap before they are collected
  boundHeapGrowth()
  serve(parentPort, workerData as OpenStoreOptions)
}

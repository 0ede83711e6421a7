/**
 * The worker thread of a store's first pass's clustering of every article (clustering-beside.ts
 * starts it): clusters the inputs it is handed, telling now and then that it is alive, and hands
 * the assignments back.
 */
import { workerData } from 'node:worker_threads'
import { clusterTwiceSteps } from '../analytics/trends/two-clusterings'
import { packAssignments, unpackInputs, type PackedInputs } from '../analytics/trends/packed-inputs'
import { boundHeapGrowth } from '../paths/heap-growth'
import { handOver, type HandOverChannel } from '../paths/worker-hand-over'
import { ALIVE_EVERY_MS } from './clustering-beside'

const data = workerData as { inputs: PackedInputs | null; placedBefore: number; channel: HandOverChannel }
boundHeapGrowth()
handOver(data.channel, function* () {
  const inputs = unpackInputs(data.inputs!)
  // (the packed copy is not needed again)
  data.inputs = null
  const steps = clusterTwiceSteps(inputs, data.placedBefore)
  let told = Date.now()
  for (;;) {
    const next = steps.next()
    if (next.done) return packAssignments(next.value.assignments)
    if (Date.now() - told >= ALIVE_EVERY_MS) {
      told = Date.now()
      yield null
    }
  }
})

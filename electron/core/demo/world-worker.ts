import { workerData } from 'node:worker_threads'
import { handOver, type HandOverChannel } from '../paths/worker-hand-over'
import { demoWorldRecords, type WorldOptions } from './world'

/**
 * The demo world's worker thread (demo/generate.ts starts it): makes the world's records and
 * hands them over a day at a time, a few days ahead of the thread that writes them.
 */
const { options, channel } = workerData as { options: WorldOptions; channel: HandOverChannel }
handOver(channel, () => demoWorldRecords(options))

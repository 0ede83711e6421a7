// profiles the medium metrics call (200 entities, 30 d, limit 200), each call another window
import { Session } from 'node:inspector/promises'
import fs from 'node:fs'
import { WebSessions } from '/work/main/electron/core/auth/web-sessions'
import { Core } from '/work/main/electron/core/core'
import { createHttpApp } from '/work/main/electron/core/http/app'
import { openWorld, END } from '/work/main/bench/lib'
import { makeBenchLists } from '/work/main/bench/tracking'
const store = openWorld('medium', false)
const lists = makeBenchLists(store)
store.activity.prepareNow()
const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1e9 })
const app = createHttpApp(core)
const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
await store.activity.current()
const HOUR = 3600_000, DAY = 24 * HOUR
const url = (k: number) => { const to = new Date(END.getTime() - k * HOUR - 17 * 60_000); const from = new Date(to.getTime() - 30 * DAY); return `http://127.0.0.1/v1/tracking/lists/${lists.entity200}/metrics?period=custom&date_from=${from.toISOString()}&date_to=${to.toISOString()}${process.env.EXTRA ?? '&limit=200'}` }
for (let k = 1000; k < 1005; k++) await (await app.request(url(k), { headers })).arrayBuffer()
const session = new Session(); session.connect()
const prof = process.env.PROF === '1'
if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start') }
const times: number[] = []
for (let k = 0; k < 60; k++) { const t = performance.now(); const r = await app.request(url(k), { headers }); await r.arrayBuffer(); times.push(performance.now() - t); if (r.status !== 200) throw new Error(String(r.status) + await (await app.request(url(k), { headers })).text()) }
if (prof) { const { profile } = await session.post('Profiler.stop'); fs.writeFileSync('/tmp/met.cpuprofile', JSON.stringify(profile)) }
times.sort((a, b) => a - b)
console.log('p50', times[30].toFixed(1), 'p95', times[57].toFixed(1), 'max', times[59].toFixed(1))
store.close()
const g = globalThis as any
console.log('loop ms/call', (g.__loop / 65).toFixed(1), 'top ms/call', (g.__top / 65).toFixed(1), 'pairs/call', Math.round(g.__pairs / 65), 'touched/call', Math.round(g.__touched / 65))
console.log('ents/call', Math.round(g.__ents / 65), 'buckets/call', Math.round(g.__bk / 65))

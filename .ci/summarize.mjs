// Prints "N passed, N failed" (", N skipped" when any) from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed')
  process.exit(0)
}
const report = JSON.parse(readFileSync(file, 'utf8'))
const failedSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length
const passed = report.numPassedTests ?? 0
const failed = (report.numFailedTests ?? 0) + failedSuites
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)

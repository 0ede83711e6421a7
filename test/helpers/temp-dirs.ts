import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The folders tempDir made for the test file running (each file has its own copy of this module). */
const made = new Set<string>()

/** A new folder under the system's temporary folder, removed after the test file (test/setup/temp-dirs.ts). */
export function tempDir(prefix = 'feedlens-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  made.add(dir)
  return dir
}

/**
 * Removes every folder tempDir made: a run of the tests left some 1,200 behind, a few of them a
 * demo world of 119 MB. A folder that cannot go (a child process still writing in it) is left.
 */
export function removeTempDirs(): void {
  for (const dir of made) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    } catch {
      // left for the system's own clean-up
    }
  }
  made.clear()
}

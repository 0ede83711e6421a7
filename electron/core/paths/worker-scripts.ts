import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * A worker thread's built script (out/main/<name>.js), beside the bundle or its chunks folder;
 * null when running from the TypeScript sources (tests, benchmarks of the sources), where the
 * work runs on the calling thread instead.
 */
export function builtWorkerScript(name: string): URL | null {
  if (!import.meta.url.endsWith('.js')) return null
  // a packaged app's bundle is also unpacked beside its asar archive, where a worker can load it
  const here = import.meta.url.replace('/app.asar/', '/app.asar.unpacked/')
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, here)
    if (fs.existsSync(fileURLToPath(url))) return url
  }
  return null
}

import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'

export const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots')
export const RENDERER = path.resolve(__dirname, '../../out/renderer')

/** Debian's Chromium (Playwright cannot download its own here), headless, with no background traffic. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.FEEDLENS_CHROMIUM ?? '/usr/bin/chromium'
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium`)
  if (!fs.existsSync(path.join(RENDERER, 'index.html'))) throw new Error('The renderer is not built: npm run build')
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startHttpServer, type RunningServer } from '../../electron/core/http/server'
import { makeWorld, tempDir, type TestWorld } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

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

export interface Screens {
  world: TestWorld
  server: RunningServer
  browser: Browser
  page: Page
  /** errors the page raised (and, with consoleErrors, what it logged as errors) */
  errors: string[]
  close(): Promise<void>
}

/** A world in a store file, served with the built UI, and a Chromium page on it. */
export async function openScreens(options: { fixture?: boolean; width?: number; height?: number; timeout?: number; consoleErrors?: boolean } = {}): Promise<Screens> {
  const world = makeWorld({ file: path.join(tempDir(), 'feedlens.db') })
  if (options.fixture) seedFixture(world.store, world.projectId)
  const server = await startHttpServer(world.core, { port: 0, rendererDir: RENDERER })
  const browser = await launchChromium()
  const page = await browser.newPage({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, acceptDownloads: true })
  page.setDefaultTimeout(options.timeout ?? 15_000)
  // the page's clock is the world's (its timers run): a preset period means the same hours to both
  await page.clock.setFixedTime(world.now())
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signIn(page, world, server.url)
  if (options.consoleErrors) page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  return {
    world,
    server,
    browser,
    page,
    errors,
    async close() {
      await browser.close()
      await server.close()
      world.store.close()
    },
  }
}

/** Opens a one-time sign-in link, as a person does with the one `feedlens serve` prints: the page then has its session cookie. */
export async function signIn(page: Page, world: TestWorld, url: string): Promise<void> {
  const response = await page.goto(`${url}/?token=${world.core.sessions.createLoginToken()}`)
  if (!response?.ok()) throw new Error(`Signing in failed: ${response?.status()}`)
}

/** Screens opened before a file's tests and closed after them: their fields are set once the file starts. */
export function useScreens(options: Parameters<typeof openScreens>[0] = {}): Screens {
  const screens = {} as Screens
  beforeAll(async () => {
    Object.assign(screens, await openScreens(options))
  })
  afterAll(async () => {
    await screens.close?.()
  })
  return screens
}

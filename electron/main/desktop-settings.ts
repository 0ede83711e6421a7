import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** The loopback API's port when none is chosen (the web mode's default too). */
export const DEFAULT_PORT = 8737

const bounds = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().min(200), height: z.number().int().min(200) })

/** What the desktop app remembers between starts, in `desktop.json` beside the store. */
export const desktopSettingsSchema = z.object({
  window: bounds.extend({ maximized: z.boolean() }).optional(),
  /** the window's last route (a path of the window, e.g. /trends/<id>?period=7d) */
  lastView: z.string().startsWith('/').max(2000).optional(),
  /** the loopback API's port, or off (the window never needs it: it speaks over IPC) */
  port: z.union([z.number().int().min(1024).max(65535), z.literal('off')]).default(DEFAULT_PORT),
  /** look for a new version on start */
  checkUpdates: z.boolean().default(true),
})
export type DesktopSettings = z.output<typeof desktopSettingsSchema>
export type WindowBounds = z.output<typeof bounds>

/** What the window may change in Settings. */
export const desktopSettingsPatch = desktopSettingsSchema.pick({ port: true, checkUpdates: true }).partial()

/**
 * The settings file: read once, written whole on each change (to a temporary file renamed over
 * it, so a crash never leaves half a file). A missing or unreadable file gives the defaults: a
 * broken settings file must never keep the app from starting.
 */
export class DesktopSettingsFile {
  readonly file: string
  private current: DesktopSettings

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'desktop.json')
    this.current = readSettings(this.file)
  }

  get(): DesktopSettings {
    return this.current
  }

  update(patch: Partial<DesktopSettings>): DesktopSettings {
    this.current = desktopSettingsSchema.parse({ ...this.current, ...patch })
    const temporary = `${this.file}.${process.pid}.tmp`
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    fs.writeFileSync(temporary, JSON.stringify(this.current, null, 2))
    fs.renameSync(temporary, this.file)
    return this.current
  }
}

function readSettings(file: string): DesktopSettings {
  try {
    const parsed = desktopSettingsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
    if (parsed.success) return parsed.data
  } catch {
    // missing or not JSON: the defaults
  }
  return desktopSettingsSchema.parse({})
}

/** A display's usable area. */
export interface WorkArea {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The window's remembered place when it is still on a screen (at least 100 x 50 px of it inside
 * one display's work area: a monitor unplugged since must not leave it off-screen), else null
 * (the window opens centred at its default size).
 */
export function restorableBounds(saved: WindowBounds | undefined, displays: readonly WorkArea[]): WindowBounds | null {
  if (!saved) return null
  const visible = displays.some((d) => {
    const w = Math.min(saved.x + saved.width, d.x + d.width) - Math.max(saved.x, d.x)
    const h = Math.min(saved.y + saved.height, d.y + d.height) - Math.max(saved.y, d.y)
    return w >= 100 && h >= 50
  })
  return visible ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : null
}

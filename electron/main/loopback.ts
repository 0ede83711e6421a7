import type { Core } from '../core/core'
import { startHttpServer, type RunningServer } from '../core/http/server'

/**
 * The loopback API of the desktop app (for local scripts; the window itself speaks over IPC):
 * on the chosen port, on a free one when that is taken (and it says so), or off.
 */
export class Loopback {
  private server: RunningServer | null = null
  /** why the port is not the chosen one, in a sentence; null when it is (or the API is off) */
  note: string | null = null

  constructor(
    private readonly core: Core,
    /** an article's cabinet_url opened in a browser opens it in the window */
    private readonly openInWindow: (route: string) => void = () => {},
    private readonly start: typeof startHttpServer = startHttpServer,
  ) {}

  get port(): number | null {
    return this.server?.port ?? null
  }

  async apply(setting: number | 'off'): Promise<void> {
    await this.close()
    this.note = null
    if (setting === 'off') return
    try {
      this.server = await this.start(this.core, { port: setting, openInWindow: this.openInWindow })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      this.server = await this.start(this.core, { port: 0, openInWindow: this.openInWindow })
      this.note = `Port ${setting} is used by another program, so the API listens on port ${this.server.port} until Feedlens starts again (or choose another port).`
    }
  }

  async close(): Promise<void> {
    const server = this.server
    this.server = null
    await server?.close()
  }
}

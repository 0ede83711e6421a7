import { app, session, shell, type WebContents } from 'electron'
import { cabinetRoute, IPC_CHANNELS } from '../../shared/bridge'
import { CONTENT_SECURITY_POLICY } from '../core/http/security-headers'

/** Secure defaults written out: no navigation, no new windows, no webviews, no permissions, a CSP. */
export function hardenSessions(appUrl: () => string | null): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } })
  })
  app.on('web-contents-created', (_event, contents) => guardContents(contents, appUrl))
}

function guardContents(contents: WebContents, appUrl: () => string | null): void {
  // A cabinet_url of this app (`{app_url}/article/<id>`) opens the article in the window;
  // every other web address opens in the browser.
  const open = (url: string) => {
    const route = cabinetRoute(url, appUrl() ?? undefined)
    if (route) contents.send(IPC_CHANNELS.navigate, route)
    else if (/^https?:\/\//i.test(url)) void shell.openExternal(url)
  }
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.on('will-navigate', (event, url) => {
    event.preventDefault()
    open(url)
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    open(url)
    return { action: 'deny' }
  })
}

/** Injected at build time from package.json; the fallback serves tests run from source. */
declare const __FEEDLENS_VERSION__: string | undefined
export const APP_VERSION: string = typeof __FEEDLENS_VERSION__ === 'string' ? __FEEDLENS_VERSION__ : '0.1.0-dev'

/** Where `feedlens serve` listens and how many keyless requests it takes, unless told otherwise (light: the CLI reads them before it loads the rest). */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8737
export const DEFAULT_PUBLIC_REQUESTS_PER_MINUTE = 1200
/** A running app rests after this long without a request (Core.rest; `feedlens serve --rest-after`). */
export const REST_AFTER_MS = 120_000

/**
 * The page's Content-Security-Policy. Sent as a header on every answer of the loopback server
 * (frame-ancestors only works there) and by the desktop shell; renderer/index.html carries the
 * same policy, less frame-ancestors, in a meta tag for the window loaded from a file.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers every answer carries, errors and the Host guard's refusal included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

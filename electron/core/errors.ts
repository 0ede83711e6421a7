import type { TrackingErrorCode, ValidationIssue } from '../../shared/contract/errors'

/** An error a handler answers with; the transports render it in the contract's shapes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

/** A tracking-specific error: {detail: {code, message}}. */
export class TrackingApiError extends ApiError {
  constructor(
    status: number,
    readonly code: TrackingErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers)
    this.name = 'TrackingApiError'
  }
}

/**
 * A figure the store is still computing (the activity index being built after a start without
 * its file): 503 `computing` with Retry-After, the contract's answer, instead of a request that
 * waits for the whole build.
 */
export class ComputingError extends TrackingApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, 'computing', message, { 'Retry-After': String(retryAfterSeconds) })
    this.name = 'ComputingError'
  }
}

/** A 422 with FastAPI-style issues. */
export class ValidationApiError extends ApiError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '))
    this.name = 'ValidationApiError'
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`)

export function errorBody(error: ApiError): unknown {
  if (error instanceof ValidationApiError) return { detail: error.issues }
  if (error instanceof TrackingApiError) return { detail: { code: error.code, message: error.detail } }
  return { detail: error.detail }
}

import { Component, type ReactNode } from 'react'

/** Whether an error is a screen's code that did not load (the server was away), not a fault of the screen. */
export function isCodeNotLoaded(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch|ChunkLoadError|preload CSS/i.test(message)
}

/** A screen's code that could not load (the server was away) or a screen that failed while drawing, in a sentence. */
export function screenProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (isCodeNotLoaded(error)) {
    return 'Feedlens did not answer while this screen was loading: the app (or feedlens serve) may have stopped or restarted. Try again once it runs.'
  }
  return `This screen met an unexpected problem and could not be shown (${message}). Try again; if it stays, report it with what you did.`
}

interface Props {
  /** the screen asked for once more (its code loaded anew) */
  onRetry(): void
  /** a failure before drawing (its code did not load); null: none */
  failed?: unknown
  children: ReactNode
}

/**
 * Keeps one screen's failure to that screen: its code not loading (a lazy import while the server
 * was away) or an error while drawing shows a sentence and "Try again" in its place, never a white
 * window; the sidebar and the other screens stay usable.
 */
export class ScreenBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    const error = this.state.error ?? this.props.failed ?? null
    if (error === null) return this.props.children
    return (
      <div className="page" role="alert" aria-label="Screen problem">
        <h1>This screen could not be opened</h1>
        <p>{screenProblem(error)}</p>
        <p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              this.setState({ error: null })
              this.props.onRetry()
            }}
          >
            Try again
          </button>
        </p>
      </div>
    )
  }
}

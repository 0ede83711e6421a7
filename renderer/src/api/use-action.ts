import { useCallback, useState } from 'react'

/**
 * A write the window does on a click (a note, an alert rule, a disconnection): its failure kept as
 * a sentence for the screen's error banner, cleared when the next one starts. `then` runs after a
 * write that succeeded, `always` after any (the screen's data asked again).
 */
export function useAction(options: { then?: () => void; always?: () => void } = {}) {
  const [error, setError] = useState<string | null>(null)
  const { then, always } = options
  const act = useCallback(
    async (work: () => Promise<unknown>): Promise<void> => {
      setError(null)
      try {
        await work()
        then?.()
      } catch (e) {
        setError((e as Error).message)
      } finally {
        always?.()
      }
    },
    [then, always],
  )
  // setError: the screen's other failures (a job's) in the same banner
  return { error, setError, act }
}

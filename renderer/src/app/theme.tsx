import { useEffect, useSyncExternalStore } from 'react'

export type ThemeChoice = 'system' | 'light' | 'dark'
const STORAGE_KEY = 'feedlens.theme'
const listeners = new Set<() => void>()

function storedChoice(): ThemeChoice {
  const stored = window.localStorage.getItem(STORAGE_KEY)
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

/** The theme in effect: the user's choice, or the system's when they chose none. */
export function effectiveTheme(choice: ThemeChoice = storedChoice()): 'light' | 'dark' {
  return choice === 'system' ? (darkQuery().matches ? 'dark' : 'light') : choice
}

export function setThemeChoice(choice: ThemeChoice) {
  if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY)
  else window.localStorage.setItem(STORAGE_KEY, choice)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const media = darkQuery()
  media.addEventListener('change', listener)
  return () => {
    listeners.delete(listener)
    media.removeEventListener('change', listener)
  }
}

/** The theme in effect, following the system and the switch; it sets data-theme on the document. */
export function useTheme(): { choice: ThemeChoice; effective: 'light' | 'dark' } {
  const choice = useSyncExternalStore(subscribe, storedChoice)
  const effective = useSyncExternalStore(subscribe, () => effectiveTheme(choice))
  useEffect(() => {
    document.documentElement.dataset.theme = effective
  }, [effective])
  return { choice, effective }
}

/** Light, dark, or as the system. */
export function ThemeSwitch({ theme }: { theme: { choice: ThemeChoice } }) {
  return (
    <label className="theme-switch">
      Theme
      <select value={theme.choice} onChange={(e) => setThemeChoice(e.target.value as ThemeChoice)}>
        <option value="system">as the system</option>
        <option value="light">light</option>
        <option value="dark">dark</option>
      </select>
    </label>
  )
}

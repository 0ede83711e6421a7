import type { ReactNode } from 'react'
import { cabinetRoute } from '../../../shared/bridge'
import { useAppStore } from '../stores/app-store'

/** A cabinet_url (`{app_url}/article/<id>`): opens the article inside the app, in the window and in web mode alike. */
export function CabinetLink({ url, children }: { url: string; children: ReactNode }) {
  const navigate = useAppStore((s) => s.navigate)
  const route = cabinetRoute(url)
  return (
    <a
      href={url}
      onClick={(e) => {
        if (!route) return
        e.preventDefault()
        navigate(route)
      }}
    >
      {children}
    </a>
  )
}

import type { RouteId } from '../../../shared/contract/routes'
import type { HandlerMap } from './handler-types'
import { provideMethods } from './ask'
import { alertHandlers } from './handlers/alerts'
import { annotationHandlers } from './handlers/annotations'
import { appHandlers } from './handlers/app'
import { articleHandlers } from './handlers/articles'
import { entityHandlers } from './handlers/entities'
import { exploreHandlers } from './handlers/explore'
import { feedHandlers } from './handlers/feed'
import { findHandlers } from './handlers/find'
import { geoHandlers } from './handlers/geo'
import { leaderHandlers } from './handlers/leaders'
import { listEditingHandlers } from './handlers/list-editing'
import { profileHandlers } from './handlers/profiles'
import { appSignalHandlers } from './handlers/signals-app'
import { signalHandlers } from './handlers/signals'
import { siteHandlers } from './handlers/site'
import { sourceHandlers } from './handlers/sources'
import { trackingHandlers } from './handlers/tracking'
import { trendHandlers } from './handlers/trends'
import { viewHandlers } from './handlers/views'

/** One dispatch table: every route of shared/contract/routes.ts has exactly one handler here. */
export const handlers: HandlerMap<RouteId> = {
  ...trackingHandlers,
  ...geoHandlers,
  ...articleHandlers,
  ...trendHandlers,
  ...signalHandlers,
  ...appSignalHandlers,
  ...exploreHandlers,
  ...profileHandlers,
  ...appHandlers,
  ...listEditingHandlers,
  ...entityHandlers,
  ...feedHandlers,
  ...sourceHandlers,
  ...siteHandlers,
  ...findHandlers,
  ...viewHandlers,
  ...leaderHandlers,
  ...alertHandlers,
  ...annotationHandlers,
}

provideMethods(handlers)

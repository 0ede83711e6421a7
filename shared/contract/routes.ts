import { z } from 'zod'
import * as alerts from './alerts'
import * as annotations from './annotations'
import * as app from './app'
import * as articles from './articles'
import * as entities from './entities'
import * as explore from './explore'
import * as feed from './feed'
import * as find from './find'
import { plainErrorSchema, trackingErrorSchema, validationErrorSchema } from './errors'
import * as geo from './geo'
import * as leaders from './leaders'
import * as lists from './list-editing'
import * as profiles from './profiles'
import * as signals from './signals'
import * as site from './site'
import * as tracking from './tracking'
import * as trends from './trends'
import * as views from './views'

/**
 * The one description of every method: contract methods under /v1 (API key) and /public
 * (keyless), and the app's own methods under /app (session token). HTTP validation, IPC,
 * the renderer's client and /openapi.json are all derived from this table.
 */

export type Access = 'key' | 'public' | 'app'

export interface RouteDef {
  method: 'GET' | 'POST'
  /** OpenAPI-style path with {param} segments. */
  path: string
  access: Access
  summary: string
  tag: string
  /** Tracking methods need a project key and answer errors as {detail:{code,message}}. */
  tracking?: boolean
  query?: z.ZodObject
  params?: z.ZodObject
  body?: z.ZodType
  /** Largest body accepted, when it is not the default 1 MiB. */
  maxBodyBytes?: number
  response: z.ZodType
}

const empty = z.object({})

function route<const D extends RouteDef>(d: D): D {
  return d
}

export const routes = {
  // ---- tracking ----
  listTrackingLists: route({
    method: 'GET', path: '/v1/tracking/lists', access: 'key', tracking: true, tag: 'Tracking',
    summary: 'Lists of the project, newest first, with usage counters',
    query: tracking.listIndexQuery, response: tracking.listIndexResponse,
  }),
  getTrackingList: route({
    method: 'GET', path: '/v1/tracking/lists/{list_id}', access: 'key', tracking: true, tag: 'Tracking',
    summary: 'One list with all its items',
    params: tracking.listIdPath, query: empty, response: tracking.listDetailResponse,
  }),
  getTrackingMetrics: route({
    method: 'GET', path: '/v1/tracking/lists/{list_id}/metrics', access: 'key', tracking: true, tag: 'Tracking',
    summary: 'One page of item rows with metrics',
    params: tracking.listIdPath, query: tracking.metricsQuery, response: tracking.metricsResponse,
  }),
  getTrackingRollup: route({
    method: 'GET', path: '/v1/tracking/lists/{list_id}/rollup', access: 'key', tracking: true, tag: 'Tracking',
    summary: 'Aggregates over all items of the list',
    params: tracking.listIdPath, query: tracking.rollupQuery, response: tracking.rollupResponse,
  }),
  getTrackingMatches: route({
    method: 'GET', path: '/v1/tracking/lists/{list_id}/matches', access: 'key', tracking: true, tag: 'Tracking',
    summary: 'Publications in which keywords of a mention list were found',
    params: tracking.listIdPath, query: tracking.matchesQuery, response: tracking.matchesResponse,
  }),

  // ---- geography ----
  listRegions: route({
    method: 'GET', path: '/v1/geo/regions', access: 'key', tag: 'Geography',
    summary: 'Countries available to the key', query: geo.regionsQuery, response: geo.regionsResponse,
  }),
  getRegion: route({
    method: 'GET', path: '/v1/geo/regions/{alpha_2}', access: 'key', tag: 'Geography',
    summary: 'One country with its cities', params: geo.regionPath, query: empty, response: geo.regionDetailResponse,
  }),
  listRegionCities: route({
    method: 'GET', path: '/v1/geo/regions/{alpha_2}/cities', access: 'key', tag: 'Geography',
    summary: "A country's cities", params: geo.regionPath, query: geo.citiesQuery, response: geo.citiesResponse,
  }),
  listLanguages: route({
    method: 'GET', path: '/v1/geo/languages', access: 'key', tag: 'Geography',
    summary: 'Languages of the feed', query: geo.languagesQuery, response: geo.languagesResponse,
  }),

  // ---- articles ----
  listArticles: route({
    method: 'GET', path: '/v1/articles', access: 'key', tag: 'Articles',
    summary: 'Search publications', query: articles.articlesQuery, response: articles.articlesResponse,
  }),
  getArticle: route({
    method: 'GET', path: '/v1/articles/{article_id}', access: 'key', tag: 'Articles',
    summary: 'One publication', params: articles.articleIdPath, query: articles.articleDetailQuery,
    response: articles.articleDetailResponse,
  }),
  listArticleObservations: route({
    method: 'GET', path: '/v1/articles/{article_id}/observations', access: 'key', tag: 'Articles',
    summary: "A publication's feed observations", params: articles.articleIdPath, query: articles.observationsQuery,
    response: articles.observationsResponse,
  }),

  // ---- entities and the feed ----
  listEntities: route({
    method: 'GET', path: '/v1/entities', access: 'key', tag: 'Entities',
    summary: 'Entities by name or id, type, market and activity, with their figures in the window',
    query: entities.entitiesQuery, response: entities.entitiesResponse,
  }),
  getEntity: route({
    method: 'GET', path: '/v1/entities/{entity_id}', access: 'key', tag: 'Entities',
    summary: 'One entity with its daily series (the id URL-encoded: /m/0abc is %2Fm%2F0abc)',
    params: entities.entityIdPath, query: entities.entityDetailQuery, response: entities.entityDetailResponse,
  }),
  getFeed: route({
    method: 'GET', path: '/v2/feed', access: 'key', tag: 'Feed',
    summary: 'Everything that arrived, in arrival order, paged by an opaque cursor (no element twice, none skipped)',
    query: feed.feedQuery, response: feed.feedResponse,
  }),

  // ---- trends ----
  listTrends: route({
    method: 'GET', path: '/v1/trends', access: 'key', tag: 'Trends',
    summary: 'Trends', query: trends.trendsQuery, response: trends.trendsResponse,
  }),
  getTrend: route({
    method: 'GET', path: '/v1/trends/{trend_id}', access: 'key', tag: 'Trends',
    summary: 'A trend card', params: trends.trendIdPath, query: empty, response: trends.trendCardResponse,
  }),
  listTrendArticles: route({
    method: 'GET', path: '/v1/trends/{trend_id}/articles', access: 'key', tag: 'Trends',
    summary: "A trend's publications", params: trends.trendIdPath, query: trends.trendArticlesQuery,
    response: trends.trendArticlesResponse,
  }),
  listTrendParents: route({
    method: 'GET', path: '/v1/trends/{trend_id}/parents', access: 'key', tag: 'Trends',
    summary: 'Direct parent links', params: trends.trendIdPath, query: empty, response: trends.trendParentsResponse,
  }),
  listTrendChildren: route({
    method: 'GET', path: '/v1/trends/{trend_id}/children', access: 'key', tag: 'Trends',
    summary: 'Direct child links', params: trends.trendIdPath, query: empty, response: trends.trendChildrenResponse,
  }),
  listThemes: route({
    method: 'GET', path: '/v1/themes', access: 'key', tag: 'Trends',
    summary: 'Top level of the hierarchy', query: empty, response: trends.themesResponse,
  }),
  listThemeTopics: route({
    method: 'GET', path: '/v1/themes/{theme_id}/topics', access: 'key', tag: 'Trends',
    summary: 'Topics of a theme', params: trends.themeIdPath, query: empty, response: trends.themeTopicsResponse,
  }),
  listTopicTrends: route({
    method: 'GET', path: '/v1/topics/{topic_id}/trends', access: 'key', tag: 'Trends',
    summary: 'Trends of a topic', params: trends.topicIdPath, query: trends.topicTrendsQuery,
    response: trends.topicTrendsResponse,
  }),

  // ---- public signals ----
  getVolatility: route({
    method: 'GET', path: '/public/discover/volatility', access: 'public', tag: 'Signals',
    summary: 'Feed volatility index, last 30 days', query: signals.volatilityQuery, response: signals.volatilityResponse,
  }),
  getCategoryVolatility: route({
    method: 'GET', path: '/public/discover/category-volatility', access: 'public', tag: 'Signals',
    summary: 'Volatility per format group', query: signals.categoryVolatilityQuery,
    response: signals.categoryVolatilityResponse,
  }),
  getTopicVolatility: route({
    method: 'GET', path: '/public/discover/topic-volatility', access: 'public', tag: 'Signals',
    summary: 'Volatility per top-level topic', query: signals.topicVolatilityQuery,
    response: signals.topicVolatilityResponse,
  }),
  getFormatInterest: route({
    method: 'GET', path: '/public/discover/format-interest', access: 'public', tag: 'Signals',
    summary: 'Interest per format group', query: signals.formatInterestQuery, response: signals.formatInterestResponse,
  }),
  getTopCategories: route({
    method: 'GET', path: '/public/discover/categories', access: 'public', tag: 'Signals',
    summary: 'Categories with the largest reach over 24 hours', query: signals.topCategoriesQuery,
    response: signals.topCategoriesResponse,
  }),

  // ---- publisher profiles ----
  checkProfile: route({
    method: 'GET', path: '/public/engine-profile', access: 'public', tag: 'Publishers',
    summary: 'Check one publisher profile', query: profiles.profileQuery, response: profiles.profileResultSchema,
  }),
  checkProfilesBulk: route({
    method: 'POST', path: '/public/engine-profile/bulk', access: 'public', tag: 'Publishers',
    summary: 'Check up to 100 publisher profiles', query: empty, body: profiles.profileBulkBody,
    response: profiles.profileBulkResponse,
  }),
  searchProfiles: route({
    method: 'GET', path: '/public/engine-profile/query', access: 'public', tag: 'Publishers',
    summary: 'Search publisher profiles by name', query: profiles.profileSearchQuery,
    response: profiles.profileSearchResponse,
  }),

  // ---- the app's own methods ----
  appStatus: route({
    method: 'GET', path: '/app/status', access: 'app', tag: 'App',
    summary: 'Version, store and active project', query: empty, response: app.statusResponse,
  }),
  appListProjects: route({
    method: 'GET', path: '/app/projects', access: 'app', tag: 'App',
    summary: 'Projects', query: empty, response: app.projectsResponse,
  }),
  appListKeys: route({
    method: 'GET', path: '/app/keys', access: 'app', tag: 'App',
    summary: 'API keys (never their values)', query: empty, response: app.keysResponse,
  }),
  appCreateKey: route({
    method: 'POST', path: '/app/keys', access: 'app', tag: 'App',
    summary: 'Create an API key; its value is shown once', query: empty, body: app.createKeyBody,
    response: app.createdKeyResponse,
  }),
  appRevokeKey: route({
    method: 'POST', path: '/app/keys/{key_id}/revoke', access: 'app', tag: 'App',
    summary: 'Revoke an API key', params: app.keyIdPath, query: empty, response: app.revokedKeyResponse,
  }),
  appBuildDemo: route({
    method: 'POST', path: '/app/demo', access: 'app', tag: 'App',
    summary: 'Build the demo world into an empty store (a background job)', query: empty, body: app.demoBody,
    response: app.jobResponse,
  }),
  appRemoveArticles: route({
    method: 'POST', path: '/app/articles/remove', access: 'app', tag: 'App',
    summary: 'Remove articles with everything derived from them; trends and signals are recomputed', query: empty, body: app.removeArticlesBody,
    response: app.removeArticlesResponse,
  }),
  appStartImport: route({
    method: 'POST', path: '/app/imports', access: 'app', tag: 'App',
    summary: 'Import a file sent as text (a background job)', query: empty, body: app.importBody,
    maxBodyBytes: 256 * 1024 * 1024, response: app.jobResponse,
  }),
  appListViews: route({
    method: 'GET', path: '/app/views', access: 'app', tag: 'App',
    summary: 'The views saved under a name (the sidebar lists them)', query: empty, response: views.savedViewsResponse,
  }),
  appSaveView: route({
    method: 'POST', path: '/app/views', access: 'app', tag: 'App',
    summary: 'Save a view of the window (its path and query) under a name; a name taken is 409', query: empty, body: views.createViewBody, response: views.savedViewResponse,
  }),
  appUpdateView: route({
    method: 'POST', path: '/app/views/{view_id}', access: 'app', tag: 'App',
    summary: 'Rename a saved view, or keep another path under its name', params: views.viewIdPath, query: empty, body: views.updateViewBody, response: views.savedViewResponse,
  }),
  appRemoveView: route({
    method: 'POST', path: '/app/views/{view_id}/remove', access: 'app', tag: 'App',
    summary: 'Forget a saved view', params: views.viewIdPath, query: empty, response: views.removedViewResponse,
  }),
  appAlerts: route({
    method: 'GET', path: '/app/alerts', access: 'app', tag: 'App',
    summary: 'The alerts inbox: what crossed a threshold, newest first, with its evidence and how many are unread',
    query: alerts.alertsQuery, response: alerts.alertsResponse,
  }),
  appReadAlerts: route({
    method: 'POST', path: '/app/alerts/read', access: 'app', tag: 'App',
    summary: 'Mark alerts read: those of the ids given, or all', query: empty, body: alerts.readAlertsBody, response: alerts.readAlertsResponse,
  }),
  appEvaluateAlerts: route({
    method: 'POST', path: '/app/alerts/evaluate', access: 'app', tag: 'App',
    summary: 'Evaluate every alert now (it is done after every import, sync and recompute): the alerts that fired', query: empty, response: alerts.evaluateAlertsResponse,
  }),
  appAlertRules: route({
    method: 'GET', path: '/app/alerts/rules', access: 'app', tag: 'App',
    summary: 'The alert rules: volatility, a tracked item\'s change, a new trend of a mention list, a publisher entering or leaving the top N', query: empty, response: alerts.alertRulesResponse,
  }),
  appCreateAlertRule: route({
    method: 'POST', path: '/app/alerts/rules', access: 'app', tag: 'App',
    summary: 'Watch a threshold: evaluated at once (without firing for what was already there) and after every import, sync and recompute',
    query: empty, body: alerts.createAlertRuleBody, response: alerts.alertRuleResponse,
  }),
  appUpdateAlertRule: route({
    method: 'POST', path: '/app/alerts/rules/{rule_id}', access: 'app', tag: 'App',
    summary: 'Rename an alert rule, mute or unmute it, or change its threshold', params: alerts.alertRuleIdPath, query: empty, body: alerts.updateAlertRuleBody, response: alerts.alertRuleResponse,
  }),
  appRemoveAlertRule: route({
    method: 'POST', path: '/app/alerts/rules/{rule_id}/remove', access: 'app', tag: 'App',
    summary: 'Delete an alert rule and its alerts', params: alerts.alertRuleIdPath, query: empty, response: alerts.removedAlertRuleResponse,
  }),
  appLeaders: route({
    method: 'GET', path: '/app/leaders', access: 'app', tag: 'App',
    summary: 'Winners and losers of a period and market: publishers, trends, entities or categories by impressions, or by their gain or loss against a period compared',
    query: leaders.leadersQuery, response: leaders.leadersResponse,
  }),
  appAnnotations: route({
    method: 'GET', path: '/app/annotations', access: 'app', tag: 'App',
    summary: 'The timeline\'s annotations in a period: Google\'s announced updates and the analyst\'s notes (a country\'s and every country\'s)',
    query: annotations.annotationsQuery, response: annotations.annotationsResponse,
  }),
  appCreateNote: route({
    method: 'POST', path: '/app/notes', access: 'app', tag: 'App',
    summary: 'Write a note on the timeline: a day or a range, a country or all, at most 500 characters', query: empty, body: annotations.noteBody, response: annotations.noteResponse,
  }),
  // before /app/notes/{note_id}: 'import' is no note's id
  appImportNotes: route({
    method: 'POST', path: '/app/notes/import', access: 'app', tag: 'App',
    summary: 'Import notes from CSV (day_from, day_to, country, text: as the window exports them); a note already there is left as it is',
    query: empty, body: annotations.notesImportBody, response: annotations.notesImportResponse,
  }),
  appUpdateNote: route({
    method: 'POST', path: '/app/notes/{note_id}', access: 'app', tag: 'App',
    summary: 'Change a note\'s days, country or text', params: annotations.noteIdPath, query: empty, body: annotations.noteUpdateBody, response: annotations.noteResponse,
  }),
  appRemoveNote: route({
    method: 'POST', path: '/app/notes/{note_id}/remove', access: 'app', tag: 'App',
    summary: 'Delete a note', params: annotations.noteIdPath, query: empty, response: annotations.removedNoteResponse,
  }),
  appImportUpdates: route({
    method: 'POST', path: '/app/annotations/updates', access: 'app', tag: 'App',
    summary: 'Import a newer file of Google\'s announced updates (an older one changes nothing)', query: empty, body: annotations.updatesImportBody, response: annotations.updatesImportResponse,
  }),
  appFind: route({
    method: 'GET', path: '/app/find', access: 'app', tag: 'App',
    summary: 'Find anything: trends, entities, publishers, categories, lists, sites and articles by what was typed (Ctrl+K)',
    query: find.findQuery, response: find.findResponse,
  }),
  appSiteProperties: route({
    method: 'GET', path: '/app/site/properties', access: 'app', tag: 'App',
    summary: 'The Search Console properties the store has data of', query: empty, response: site.sitePropertiesResponse,
  }),
  appSiteOverview: route({
    method: 'GET', path: '/app/site/overview', access: 'app', tag: 'App',
    summary: 'My site: its Search Console clicks and impressions a day beside its share of the feed and the feed\'s volatility',
    query: site.siteOverviewQuery, response: site.siteOverviewResponse,
  }),
  appSitePages: route({
    method: 'GET', path: '/app/site/pages', access: 'app', tag: 'App',
    summary: 'My site\'s pages: Search Console clicks and impressions joined with what the feed showed of each',
    query: site.sitePagesQuery, response: site.sitePagesResponse,
  }),
  appSiteExplain: route({
    method: 'GET', path: '/app/site/explain', access: 'app', tag: 'App',
    summary: 'Is it us or the market? One sentence and its evidence for a range where the site\'s clicks moved',
    query: site.siteExplainQuery, response: site.siteExplainResponse,
  }),
  appSiteDomains: route({
    method: 'GET', path: '/app/site/domains', access: 'app', tag: 'App',
    summary: 'Search Console clicks and impressions of publisher domains in the period (the domains of stored properties)',
    query: site.siteDomainsQuery, response: site.siteDomainsResponse,
  }),
  appImportSearchConsole: route({
    method: 'POST', path: '/app/site/imports', access: 'app', tag: 'App',
    summary: 'Import a Search Console export (zip or CSV) or API answer file, sent as base64', query: empty, body: site.siteImportBody,
    maxBodyBytes: 48 * 1024 * 1024, response: site.siteImportResponse,
  }),
  appSiteConnection: route({
    method: 'GET', path: '/app/site/connection', access: 'app', tag: 'App',
    summary: 'The live connection to Search Console: whether it is made, where its token is kept (never the token), a consent under way', query: empty, response: site.siteConnectionResponse,
  }),
  appConnectSearchConsole: route({
    method: 'POST', path: '/app/site/connection', access: 'app', tag: 'App',
    summary: 'Start Google\'s consent for read-only Search Console access (an installed app\'s OAuth client file); answers the consent page\'s address',
    query: empty, body: site.siteConnectBody, response: site.siteConnectResponse,
  }),
  appDisconnectSearchConsole: route({
    method: 'POST', path: '/app/site/connection/remove', access: 'app', tag: 'App',
    summary: 'Forget the connection to Search Console on this machine', query: empty, response: site.siteConnectionResponse,
  }),
  appPullSearchConsole: route({
    method: 'POST', path: '/app/site/pull', access: 'app', tag: 'App',
    summary: 'Pull a property\'s days from the Search Console API (a background job)', query: empty, body: site.sitePullBody, response: app.jobResponse,
  }),
  appListSources: route({
    method: 'GET', path: '/app/sources', access: 'app', tag: 'App',
    summary: 'Upstreams the app syncs from (never their keys)', query: empty, response: app.sourcesResponse,
  }),
  appSaveSource: route({
    method: 'POST', path: '/app/sources', access: 'app', tag: 'App',
    summary: 'Add an upstream or change its markets, schedule or key', query: empty, body: app.sourceBody, response: app.sourceResponse,
  }),
  appRemoveSource: route({
    method: 'POST', path: '/app/sources/remove', access: 'app', tag: 'App',
    summary: 'Forget an upstream (what it brought stays)', query: empty, body: app.sourceUrlBody, response: app.removedSourceResponse,
  }),
  appSyncSource: route({
    method: 'POST', path: '/app/sources/sync', access: 'app', tag: 'App',
    summary: 'Sync from an upstream now (a background job)', query: empty, body: app.sourceUrlBody, response: app.jobResponse,
  }),
  appListArticles: route({
    method: 'GET', path: '/app/articles', access: 'app', tag: 'App',
    summary: 'Articles with their feed figures in the period; also by trend or entity',
    query: explore.appArticlesQuery, response: explore.appArticlesResponse,
  }),
  appArticleTotals: route({
    method: 'GET', path: '/app/articles/totals', access: 'app', tag: 'App',
    summary: 'The totals of the articles the filters hold (and, with list_id, a tracking list\'s items claim), in the period and the period compared: impressions, articles, publishers, best and mean position',
    query: explore.appArticleTotalsQuery, response: explore.appArticleTotalsResponse,
  }),
  appListTrends: route({
    method: 'GET', path: '/app/trends', access: 'app', tag: 'App',
    summary: 'Trends with impressions and peak position; by words, country and active period',
    query: explore.appTrendsQuery, response: explore.appTrendsResponse,
  }),
  appCountryFigures: route({
    method: 'GET', path: '/app/geography/countries', access: 'app', tag: 'App',
    summary: 'Each market with its feed figures in the period, its languages by name and its volatility now',
    query: explore.appCountriesQuery, response: explore.appCountriesResponse,
  }),
  appPublisherFigures: route({
    method: 'GET', path: '/app/publishers/performance', access: 'app', tag: 'App',
    summary: 'Publishers\' feed performance in the period: articles, impressions, share of voice, position, top trends',
    query: explore.appPublishersQuery, response: explore.appPublishersResponse,
  }),
  appListMatches: route({
    method: 'GET', path: '/app/lists/{list_id}/matches', access: 'app', tag: 'App',
    summary: 'A mention list\'s matches, paged to the end, with the totals of every page',
    params: lists.listPath, query: explore.appMatchesQuery, response: explore.appMatchesResponse,
  }),
  appTrackingSeries: route({
    method: 'GET', path: '/app/lists/{list_id}/series', access: 'app', tag: 'App',
    summary: 'A page of a list\'s items step by calendar day or hour over the window (the metrics\' sparklines, unfolded)',
    params: lists.listPath, query: explore.appTrackingSeriesQuery, response: explore.appTrackingSeriesResponse,
  }),
  appTrendFigures: route({
    method: 'GET', path: '/app/trends/{trend_id}/figures', access: 'app', tag: 'App',
    summary: 'A trend\'s impressions and peak position in the period, and its impressions per day',
    params: trends.trendIdPath, query: explore.appTrendFiguresQuery, response: explore.appTrendFiguresResponse,
  }),
  appHierarchy: route({
    method: 'GET', path: '/app/hierarchy', access: 'app', tag: 'App',
    summary: 'Themes > topics > their largest trends in one answer (the treemap)',
    query: explore.appHierarchyQuery, response: explore.appHierarchyResponse,
  }),
  appVolatilityHistory: route({
    method: 'GET', path: '/app/signals/history', access: 'app', tag: 'App',
    summary: 'The volatility index over any range the store holds (a country, all, or a format group)',
    query: explore.appVolatilityHistoryQuery, response: explore.appVolatilityHistoryResponse,
  }),
  appFormatInterest: route({
    method: 'GET', path: '/app/signals/format-interest', access: 'app', tag: 'App',
    summary: 'Format interest over any period: each group\'s share of it, and its index a day',
    query: explore.appSignalPeriodQuery, response: explore.appFormatInterestResponse,
  }),
  appTopCategories: route({
    method: 'GET', path: '/app/signals/top-categories', access: 'app', tag: 'App',
    summary: 'The categories with the largest reach in any period, against the period before',
    query: explore.appTopCategoriesQuery, response: explore.appTopCategoriesResponse,
  }),
  appTopicVolatility: route({
    method: 'GET', path: '/app/signals/topics', access: 'app', tag: 'App',
    summary: 'Each top-level topic\'s daily volatility over any period',
    query: explore.appSignalPeriodQuery, response: explore.appTopicVolatilityResponse,
  }),
  appSignalMovers: route({
    method: 'GET', path: '/app/signals/movers', access: 'app', tag: 'App',
    summary: 'What moved most in a point of a volatility series', query: app.moversQuery, response: app.moversResponse,
  }),
  appListSuggestions: route({
    method: 'GET', path: '/app/lists/suggestions', access: 'app', tag: 'App',
    summary: 'Entities, categories, publishers or trends worth tracking, most present first',
    query: lists.suggestionsQuery, response: lists.suggestionsResponse,
  }),
  appCreateList: route({
    method: 'POST', path: '/app/lists', access: 'app', tag: 'App',
    summary: 'Create a tracking list', query: empty, body: lists.createListBody, response: tracking.listDetailResponse,
  }),
  appUpdateList: route({
    method: 'POST', path: '/app/lists/{list_id}', access: 'app', tag: 'App',
    summary: 'Rename or recolour a list; a mention list\'s markets, languages, scope and active flag',
    params: lists.listPath, query: empty, body: lists.updateListBody, response: tracking.listDetailResponse,
  }),
  appDeleteList: route({
    method: 'POST', path: '/app/lists/{list_id}/delete', access: 'app', tag: 'App',
    summary: 'Delete a list with its items', params: lists.listPath, query: empty, response: lists.deletedListResponse,
  }),
  appAddListItems: route({
    method: 'POST', path: '/app/lists/{list_id}/items', access: 'app', tag: 'App',
    summary: 'Add items to a list (within the plan\'s limits)', params: lists.listPath, query: empty,
    body: lists.addItemsBody, response: tracking.listDetailResponse,
  }),
  appRemoveListItems: route({
    method: 'POST', path: '/app/lists/{list_id}/items/remove', access: 'app', tag: 'App',
    summary: 'Remove items from a list by key', params: lists.listPath, query: empty,
    body: lists.removeItemsBody, response: tracking.listDetailResponse,
  }),
  appScanList: route({
    method: 'POST', path: '/app/lists/{list_id}/scan', access: 'app', tag: 'App',
    summary: 'Scan a mention list again from the first article (in the background)', params: lists.listPath, query: empty,
    response: tracking.listDetailResponse,
  }),
  appGetJob: route({
    method: 'GET', path: '/app/jobs/{job_id}', access: 'app', tag: 'App',
    summary: 'Progress and result of a background job', params: app.jobIdPath, query: empty, response: app.jobResponse,
  }),
} as const satisfies Record<string, RouteDef>

export type Routes = typeof routes
export type RouteId = keyof Routes

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
export type RouteInput<K extends RouteId> = {
  query: Out<Routes[K] extends { query: infer Q } ? Q : undefined>
  params: Out<Routes[K] extends { params: infer P } ? P : undefined>
  body: Out<Routes[K] extends { body: infer B } ? B : undefined>
}
export type RouteResponse<K extends RouteId> = z.input<Routes[K]['response']>

type QueryValue = string | number | boolean | string[] | null | undefined
/**
 * What a caller (the window) sends to a route: query names exactly the route's (a misspelled one
 * does not compile; values are loose, as a URL's are), its path's parameters, and its body.
 */
export interface RouteRequest<K extends RouteId> {
  query?: Routes[K] extends { query: infer Q extends z.ZodType } ? { [N in keyof z.input<Q>]?: QueryValue } : never
  params?: Routes[K] extends { params: infer P extends z.ZodType } ? { [N in keyof z.input<P>]: string } : never
  body?: Routes[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never
}

/** What the window needs of a route to call it: its method and path (the schemas stay in the main process). */
export interface RouteMeta {
  method: 'GET' | 'POST'
  path: string
}

/** The method and path of every route, by id: built into the renderer at build time. */
export function routeMetadata(): Record<RouteId, RouteMeta> {
  return Object.fromEntries(Object.entries(routes).map(([id, def]) => [id, { method: def.method, path: def.path }])) as Record<RouteId, RouteMeta>
}


/** One error a method may answer with: its status, when, and the body's shape. */
export interface ErrorCase {
  status: number
  description: string
  schema: z.ZodType
}

/**
 * The errors a method may answer with, from what the route is (keyed, tracking, with a body,
 * the app's): /openapi.json lists these, and the fuzzing test holds every answer to them.
 */
export function errorCasesOf(def: RouteDef): ErrorCase[] {
  const tracking = def.tracking === true
  const cases: ErrorCase[] = [
    { status: 400, description: 'The request cannot be processed: a malformed URL or Origin, a date_from not before date_to, both key headers', schema: plainErrorSchema },
    { status: 422, description: 'A parameter has a wrong type, value or range', schema: validationErrorSchema },
  ]
  if (def.access === 'key') {
    cases.push(
      { status: 401, description: 'Key missing, invalid or revoked', schema: plainErrorSchema },
      { status: 403, description: 'No access to the market, or a project key is required', schema: tracking ? z.union([trackingErrorSchema, plainErrorSchema]) : plainErrorSchema },
      { status: 404, description: 'Not found', schema: plainErrorSchema },
    )
  }
  if (def.access === 'app') {
    cases.push(
      { status: 401, description: "The Feedlens app's session is missing", schema: plainErrorSchema },
      { status: 403, description: 'Another origin, or beyond the plan', schema: plainErrorSchema },
      { status: 404, description: 'Not found', schema: plainErrorSchema },
      { status: 409, description: 'In conflict with the store as it is', schema: plainErrorSchema },
    )
  }
  if (tracking) {
    cases.push(
      { status: 400, description: 'kind_mismatch: the method does not fit the list kind', schema: trackingErrorSchema },
      { status: 422, description: 'list_too_large: a roll-up over more than 500 items', schema: trackingErrorSchema },
      { status: 503, description: 'computing: retry after Retry-After seconds', schema: trackingErrorSchema },
    )
  }
  if (def.body) cases.push({ status: 413, description: 'Request body too large', schema: plainErrorSchema })
  if (def.access === 'app' && def.method === 'POST') {
    cases.push(
      { status: 503, description: 'The store is busy with another writer: retry after Retry-After seconds', schema: plainErrorSchema },
      { status: 507, description: 'The disk that holds the data folder is full: nothing was changed', schema: plainErrorSchema },
    )
  }
  cases.push({ status: 429, description: 'Request limit exceeded (with Retry-After)', schema: plainErrorSchema })
  // what any request may meet before its route runs, or after a fault (docs/contract-decisions.md, "Errors")
  if (def.access === 'public') cases.push({ status: 403, description: 'A Host header that is not a loopback name', schema: plainErrorSchema })
  cases.push(
    { status: 405, description: 'Another method than the path has (with Allow)', schema: plainErrorSchema },
    { status: 417, description: 'An Expect header other than 100-continue', schema: plainErrorSchema },
    { status: 431, description: 'Request headers over 16 KiB', schema: plainErrorSchema },
    { status: 500, description: 'An unexpected failure (a bug: its stack goes to stderr only)', schema: plainErrorSchema },
  )
  return cases
}

export { fillPath } from './paths'

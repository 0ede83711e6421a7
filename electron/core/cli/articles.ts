import { Command } from 'commander'
import { dataDirOption } from './options'

/** `feedlens articles remove ID...`: articles out of the store, with everything derived from them. */
export function registerArticlesCommands(program: Command): void {
  const articles = program.command('articles').description('articles of the store')
  articles
    .command('remove')
    .description('remove articles (by id) with everything derived from them: their sightings in every feed snapshot, their entities, trend memberships and keyword matches; trends and signals are recomputed')
    .argument('<ids...>', 'article ids (UUIDs, as the methods and the window show them)')
    .addOption(dataDirOption())
    .option('--no-refresh', 'do not recompute trends and signals afterwards (the app and `feedlens serve` do when they next start)')
    .action(async (ids: string[], opts: { dataDir?: string; refresh: boolean }) => {
      const { removeArticles } = await import('./articles-action')
      await removeArticles(ids, opts)
    })
}

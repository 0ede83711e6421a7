import { useState } from 'react'
import { formatGroups } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatTime, PageHeader, Pager } from '../../components/common'
import { useAppStore } from '../../stores/app-store'
import { ArticleDetail } from './ArticleDetail'

const PAGE = 50

/** Articles: full-text search with filters, a paged list, and the chosen article. */
export function ArticlesPage() {
  const articleId = useAppStore((s) => s.articleId)
  const navigate = useAppStore((s) => s.navigate)
  const [search, setSearch] = useState('')
  const [submitted, setSubmitted] = useState('')
  const [region, setRegion] = useState('')
  const [contentType, setContentType] = useState('')
  const [offset, setOffset] = useState(0)
  const articles = useApi('listArticles', {
    query: { search: submitted, region, content_type: contentType, limit: PAGE, offset },
  })
  return (
    <div className="page">
      <PageHeader title="Articles" subtitle="Publications seen in the feed" />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(search.trim())
          setOffset(0)
        }}
      >
        <label className="grow">
          Search
          <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="words in the title or text" />
        </label>
        <label>
          Country
          <input value={region} onChange={(e) => setRegion(e.target.value.toUpperCase().slice(0, 2))} placeholder="any" size={4} />
        </label>
        <label>
          Format
          <select value={contentType} onChange={(e) => setContentType(e.target.value)}>
            <option value="">any</option>
            {formatGroups.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary">
          Search
        </button>
      </form>
      <ErrorBanner message={articles.error} />
      <div className="split">
        <Card>
          {articles.data && articles.data.total === 0 ? (
            <EmptyState title="No articles">Nothing matches, or the store is empty.</EmptyState>
          ) : (
            <table className="table clickable" aria-label="Articles">
              <thead>
                <tr>
                  <th>Title</th>
                  <th>Publisher</th>
                  <th>Country</th>
                  <th>Last seen</th>
                </tr>
              </thead>
              <tbody>
                {(articles.data?.articles ?? []).map((a) => (
                  <tr key={a.id} onClick={() => navigate(`/article/${a.id}`)} className={articleId === a.id ? 'selected' : ''}>
                    <td>{a.title}</td>
                    <td>{a.domain}</td>
                    <td>{a.region}</td>
                    <td>{formatTime(a.last_seen_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {articles.data && <Pager total={articles.data.total} limit={PAGE} offset={offset} onChange={setOffset} />}
        </Card>
        {articleId && <ArticleDetail id={articleId} />}
      </div>
    </div>
  )
}

import { formatGroups } from '../../../../shared/contract/values'
import { appArticleSortFields } from '../../../../shared/contract/explore'
import { ChoiceSelect, LanguageSelect, SORT_ORDERS } from '../../components/Pickers'
import type { ArticlesView } from './questions'

/** The article search's form: it edits a draft of the view's filters, applied on Search. */
export function ArticleFilters({ draft, setDraft, onSubmit }: { draft: ArticlesView; setDraft(next: ArticlesView): void; onSubmit(): void }) {
  const set = (name: keyof ArticlesView) => (value: string) => setDraft({ ...draft, [name]: value })
  const typed = (name: keyof ArticlesView) => (e: React.ChangeEvent<HTMLInputElement>) => set(name)(e.target.value)
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <label className="grow">
        Search
        <input value={draft.search} onChange={typed('search')} placeholder="words in the title or text" data-search />
      </label>
      <label>
        Publisher
        <input value={draft.domain} onChange={typed('domain')} placeholder="domain" size={14} />
      </label>
      <label>
        Country
        <input value={draft.region} onChange={(e) => set('region')(e.target.value.toUpperCase().slice(0, 2))} placeholder="any" size={4} />
      </label>
      <LanguageSelect value={draft.lang} onChange={set('lang')} anyValue="" anyLabel="any" />
      <label>
        Category
        <input value={draft.category} onChange={typed('category')} placeholder="/Business" size={12} />
      </label>
      <ChoiceSelect label="Format" value={draft.content_type} onChange={set('content_type')} choices={formatGroups} anyLabel="any" />
      <ChoiceSelect
        label="Entities"
        value={draft.has_entities}
        onChange={set('has_entities')}
        choices={[
          { value: 'true', label: 'with' },
          { value: 'false', label: 'without' },
        ]}
        anyLabel="any"
      />
      <ChoiceSelect label="Sort by" value={draft.sort_by} onChange={set('sort_by')} choices={appArticleSortFields} />
      <ChoiceSelect label="Order" value={draft.sort_order} onChange={set('sort_order')} choices={SORT_ORDERS} />
      <button type="submit" className="primary">
        Search
      </button>
    </form>
  )
}

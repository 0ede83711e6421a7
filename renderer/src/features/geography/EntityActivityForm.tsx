import { geoWindows } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { formatNumber } from '../../components/common'
import { ChoiceSelect } from '../../components/Pickers'
import { useDraft } from '../../stores/url-state'
import { entityQuery, geographyQuestions, type GeographyView } from './questions'

/** Where an entity was active: its name (suggested as it is typed), the window, and whether to keep only the countries where it occurred. */
export function EntityActivityForm({ view, setView }: { view: GeographyView; setView(patch: Partial<GeographyView>): void }) {
  const query = entityQuery(view)
  const [entity, setEntity] = useDraft(view.entity)
  const suggestions = useApi('listEntities', geographyQuestions.entitySuggestions(entity).options)
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault()
        setView({ entity: entity.trim() })
      }}
    >
      <label className="grow">
        Entity activity
        <input value={entity} onChange={(e) => setEntity(e.target.value)} placeholder="an entity name or knowledge-graph id, e.g. /m/0..." list="entity-suggestions" data-search />
        <datalist id="entity-suggestions">
          {(suggestions.data?.entities ?? []).map((e) => (
            <option key={e.id} value={e.name}>
              {[e.type, `${formatNumber(e.publications)} articles`].filter(Boolean).join(' · ')}
            </option>
          ))}
        </datalist>
      </label>
      <ChoiceSelect label="Window" value={query.window} onChange={(window) => setView({ window })} choices={geoWindows} />
      <label className="checkbox">
        <input type="checkbox" checked={query.entity_only} onChange={(e) => setView({ entity_only: e.target.checked ? 'true' : '' })} />
        Only where it occurred
      </label>
      <button className="primary" type="submit">
        Show
      </button>
    </form>
  )
}

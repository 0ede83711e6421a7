import type { ArticleEntity } from './assemble'

/**
 * One row object per distinct entity, score and origin over a full pass's read: the same entity
 * comes back with the same score in article after article (a tagger's scores take few values), and
 * a row of its own for each of the store's entity links held most of what the pass read of its
 * articles (about 90 bytes a link with its boxed score; 3.5 M links at large). Rows are read,
 * never changed. `name` and `type` are the entity's, the same for every row of one id.
 */
export class SharedEntityRows {
  /** id -> score -> [given with the article, found in the text] */
  private readonly byId = new Map<string, Map<number, [ArticleEntity | undefined, ArticleEntity | undefined]>>()

  /** `shareId` gives the one string kept for an id (the pass's shared strings). */
  constructor(private readonly shareId: (id: string) => string = (id) => id) {}

  of(id: string, name: string, type: string | null, score: number, extracted: number): ArticleEntity {
    let byScore = this.byId.get(id)
    if (!byScore) this.byId.set(id, (byScore = new Map()))
    let pair = byScore.get(score)
    if (!pair) byScore.set(score, (pair = [undefined, undefined]))
    const origin = extracted ? 1 : 0
    // a literal of every field: one compact shape for every row
    return (pair[origin] ??= { id: this.shareId(id), name, type, score, extracted })
  }
}

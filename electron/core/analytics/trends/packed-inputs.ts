import type { Assignment, ClusterInput } from './cluster'

/**
 * A clustering's inputs in a few typed arrays and one list of their distinct strings, for another
 * thread: a structured clone of the large world's 877,058 inputs as objects (their words, their
 * entities) would cost about what the clustering it hands over saves.
 */
export interface PackedInputs {
  keys: Float64Array
  times: Float64Array
  /** every distinct word, entity id, section and market, in the order first met */
  strings: string[]
  /** input i's words are words[wordStart[i]] .. words[wordStart[i + 1] - 1], as indexes into strings */
  wordStart: Int32Array
  words: Int32Array
  entityStart: Int32Array
  entityIds: Int32Array
  entityScores: Float64Array
  /** an index into strings; NULL or ABSENT as the input had it */
  sections: Int32Array
  markets: Int32Array
}

const NULL = -1
const ABSENT = -2

/** `inputs` packed (PackedInputs); unpackInputs gives inputs equal to them, in the same order. */
export function packInputs(inputs: readonly ClusterInput[]): PackedInputs {
  const n = inputs.length
  const index = new Map<string, number>()
  const strings: string[] = []
  const of = (text: string) => {
    let at = index.get(text)
    if (at === undefined) {
      at = strings.length
      index.set(text, at)
      strings.push(text)
    }
    return at
  }
  const optional = (text: string | null | undefined) => (text === undefined ? ABSENT : text === null ? NULL : of(text))
  let wordCount = 0
  let entityCount = 0
  for (const input of inputs) {
    wordCount += input.words.length
    entityCount += input.entities.length
  }
  const packed: PackedInputs = {
    keys: new Float64Array(n),
    times: new Float64Array(n),
    strings,
    wordStart: new Int32Array(n + 1),
    words: new Int32Array(wordCount),
    entityStart: new Int32Array(n + 1),
    entityIds: new Int32Array(entityCount),
    entityScores: new Float64Array(entityCount),
    sections: new Int32Array(n),
    markets: new Int32Array(n),
  }
  let w = 0
  let e = 0
  for (let i = 0; i < n; i++) {
    const input = inputs[i]!
    packed.keys[i] = input.key
    packed.times[i] = input.time
    packed.wordStart[i] = w
    for (const word of input.words) packed.words[w++] = of(word)
    packed.entityStart[i] = e
    for (const entity of input.entities) {
      packed.entityIds[e] = of(entity.id)
      packed.entityScores[e++] = entity.score
    }
    packed.sections[i] = optional(input.section)
    packed.markets[i] = optional(input.market)
  }
  packed.wordStart[n] = w
  packed.entityStart[n] = e
  return packed
}

/** The inputs packInputs packed: equal to them (each entity as its id and score), in the same order. */
export function unpackInputs(packed: PackedInputs): ClusterInput[] {
  const { strings } = packed
  const optional = (at: number) => (at === ABSENT ? undefined : at === NULL ? null : strings[at]!)
  // each entity and score one object, shared by the inputs that carry it, as a full pass reads
  // them (SharedEntityRows): an object per link was 3.5 million at large
  const entityRows = new Map<number, Map<number, { id: string; score: number }>>()
  const entityOf = (id: number, score: number) => {
    const byScore = entityRows.get(id) ?? entityRows.set(id, new Map()).get(id)!
    return byScore.get(score) ?? byScore.set(score, { id: strings[id]!, score }).get(score)!
  }
  const inputs: ClusterInput[] = new Array(packed.keys.length)
  for (let i = 0; i < inputs.length; i++) {
    const words: string[] = new Array(packed.wordStart[i + 1]! - packed.wordStart[i]!)
    for (let w = 0; w < words.length; w++) words[w] = strings[packed.words[packed.wordStart[i]! + w]!]!
    const entities: Array<{ id: string; score: number }> = new Array(packed.entityStart[i + 1]! - packed.entityStart[i]!)
    for (let k = 0; k < entities.length; k++) {
      const at = packed.entityStart[i]! + k
      entities[k] = entityOf(packed.entityIds[at]!, packed.entityScores[at]!)
    }
    const input: ClusterInput = { key: packed.keys[i]!, time: packed.times[i]!, entities, words }
    const section = optional(packed.sections[i]!)
    const market = optional(packed.markets[i]!)
    if (section !== undefined) input.section = section
    if (market !== undefined) input.market = market
    inputs[i] = input
  }
  return inputs
}

/** The buffers of packed inputs, to hand them over without a copy (they are then the receiver's). */
export function buffersOf(packed: PackedInputs): ArrayBuffer[] {
  return [packed.keys, packed.times, packed.wordStart, packed.words, packed.entityStart, packed.entityIds, packed.entityScores, packed.sections, packed.markets].map((a) => a.buffer as ArrayBuffer)
}

/** A clustering's assignments in three typed arrays. */
export interface PackedAssignments {
  keys: Float64Array
  clusters: Float64Array
  scores: Float64Array
}

export function packAssignments(assignments: readonly Assignment[]): PackedAssignments {
  const packed = { keys: new Float64Array(assignments.length), clusters: new Float64Array(assignments.length), scores: new Float64Array(assignments.length) }
  assignments.forEach((a, i) => {
    packed.keys[i] = a.key
    packed.clusters[i] = a.cluster
    packed.scores[i] = a.score
  })
  return packed
}

export function unpackAssignments(packed: PackedAssignments): Assignment[] {
  return Array.from(packed.keys, (key, i) => ({ key, cluster: packed.clusters[i]!, score: packed.scores[i]! }))
}

import { clusterIntoSteps, inverseDocumentFrequency, inverseTrendFrequencySteps, StorylineClusterer, type Assignment, type ClusterInput } from './cluster'

/**
 * Both clusterings of a full pass (docs/trends.md, "Words weighed by trends"): the first, with
 * words weighed by the articles that carry them, finds the trends the second weighs words by; the
 * state of the second is returned with its assignments. Pure: the same inputs in the same order
 * give the same assignments on any thread (jobs/clustering-beside.ts runs one on its own).
 * `placedBefore` (epoch seconds): the second places only the inputs dated before it, with the
 * weights of the trends of them all (a store's first pass, its early articles: anchoringEnd).
 */
export function* clusterTwiceSteps(inputs: readonly ClusterInput[], placedBefore = Infinity): Generator<unknown, { clusterer: StorylineClusterer; assignments: Assignment[] }, unknown> {
  // (the first one's assignments go by no name: the second, the pass's peak, would hold them too: 55 MB at large)
  const trendWeights = yield* inverseTrendFrequencySteps(inputs, yield* clusterIntoSteps(new StorylineClusterer(inverseDocumentFrequency(inputs.map((i) => i.words))), inputs, false))
  yield
  const clusterer = new StorylineClusterer(trendWeights)
  yield
  return { clusterer, assignments: yield* clusterIntoSteps(clusterer, placedBefore === Infinity ? inputs : inputs.filter((i) => i.time < placedBefore)) }
}

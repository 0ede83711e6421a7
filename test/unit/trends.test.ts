import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sectionOf } from '../../electron/core/analytics/categories'
import { bCubed, clusterIntoSteps, clusterStorylines, inverseDocumentFrequency, inverseTrendFrequency, RARE_WORD_WEIGHT, StorylineClusterer, words, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { runSteps } from '../../electron/core/steps'
import { autocorrelation, features, forecast, role, semanticType, slope, state, structuralType } from '../../electron/core/analytics/trends/lifecycle'
import { dailyCountsOn, storedDailyCounts, trimLeadingZeros, TREND_DAYS } from '../../electron/core/analytics/trends/market-view'

/** Each input's cluster by its key, after a full pass over the inputs alone. */
const clustersOf = (inputs: readonly ClusterInput[]) =>
  new Map(clusterStorylines(inputs, inverseDocumentFrequency(inputs.map((i) => i.words))).map((a) => [a.key, a.cluster]))

describe('B-cubed', () => {
  it('is 1 for a perfect clustering and matches a hand computation', () => {
    const gold = new Map([[1, 'a'], [2, 'a'], [3, 'b'], [4, 'b']])
    expect(bCubed(new Map([[1, 'x'], [2, 'x'], [3, 'y'], [4, 'y']]), gold)).toMatchObject({ precision: 1, recall: 1, f1: 1 })
    // one cluster for all: precision = 4 * (2/4) / 4 = 0.5, recall = 1
    const lumped = bCubed(new Map([[1, 'x'], [2, 'x'], [3, 'x'], [4, 'x']]), gold)
    expect(lumped).toMatchObject({ precision: 0.5, recall: 1 })
    expect(lumped.f1).toBeCloseTo(2 / 3, 12)
  })
})

describe('words weighed by the trends of a first pass', () => {
  const input = (key: number, text: string) => ({ key, time: key, entities: [], words: text.split(' ') })
  const assigned = (clusters: Record<number, number>) => Object.entries(clusters).map(([key, cluster]) => ({ key: Number(key), cluster, score: 1 }))

  it('counts the trends that carry a word, once each however many of their articles do', () => {
    const inputs = [input(1, 'china copper copper'), input(2, 'china copper'), input(3, 'china oil'), input(4, 'oil crude'), input(5, 'mindy')]
    const weights = inverseTrendFrequency(inputs, assigned({ 1: 10, 2: 10, 3: 20, 4: 20, 5: 30 }))
    // three trends: ln((1 + 3) / (1 + trends with the word)) + 1
    expect(weights.get('china')).toBeCloseTo(Math.log(4 / 3) + 1, 12) // trends 10 and 20
    expect(weights.get('oil')).toBeCloseTo(Math.log(4 / 2) + 1, 12) // trend 20 only
    expect(weights.get('copper')).toBeCloseTo(Math.log(4 / 2) + 1, 12) // three times, in one trend
    expect(weights.get('mindy')).toBeCloseTo(Math.log(4 / 2) + 1, 12)
    expect([...weights.keys()].sort()).toEqual(['china', 'copper', 'crude', 'mindy', 'oil'])
  })

  it("weighs a big story's own word above a word many stories use once, where articles would weigh them the other way round", () => {
    // 40 headlines of one story say "bachelor"; ten one-headline stories say "data"
    const story = Array.from({ length: 40 }, (_, i) => input(1 + i, `bachelor finale${i}`))
    const others = Array.from({ length: 10 }, (_, i) => input(100 + i, `data report${i}`))
    const inputs = [...story, ...others]
    const byArticles = inverseDocumentFrequency(inputs.map((i) => i.words))
    expect(byArticles.get('bachelor')!).toBeLessThan(byArticles.get('data')!)
    const byTrends = inverseTrendFrequency(inputs, assigned(Object.fromEntries(inputs.map((i) => [i.key, i.key <= 40 ? 1 : i.key]))))
    expect(byTrends.get('bachelor')!).toBeGreaterThan(byTrends.get('data')!)
    // and a trend's words keep their weight when it grows by articles that say nothing new
    const grown = [...inputs, input(50, 'bachelor'), input(51, 'bachelor')]
    const grownByTrends = inverseTrendFrequency(grown, assigned(Object.fromEntries(grown.map((i) => [i.key, i.key <= 51 ? 1 : i.key]))))
    expect(grownByTrends.get('bachelor')).toBe(byTrends.get('bachelor'))
    expect(inverseDocumentFrequency(grown.map((i) => i.words)).get('bachelor')).not.toBe(byArticles.get('bachelor'))
  })
})

describe('clustering online after a full pass (incremental updates)', () => {
  const day = 86_400
  const input = (key: number, time: number, text: string[]) => ({ key, time, entities: [], words: text })
  // sixty one-off headlines make "alpha beta gamma" (in two of them) rare enough to find trends by
  const filler = Array.from({ length: 60 }, (_, i) => input(100 + i, 0, [`filler${i}`]))
  const story = [input(1, 0, ['alpha', 'beta', 'gamma']), input(2, day, ['alpha', 'beta', 'gamma'])]

  it('assigns later articles against the kept centroids, by their time distance to the trend', () => {
    const clusterer = new StorylineClusterer(inverseDocumentFrequency([...filler, ...story].map((i) => i.words)))
    const first = runSteps(clusterIntoSteps(clusterer, [...filler, ...story]))
    const storyCluster = first.find((a) => a.key === 1)!.cluster
    expect(first.find((a) => a.key === 2)!.cluster).toBe(storyCluster)
    // the same words a year before the story: a trend of its own
    expect(clusterer.assign(input(4, -365 * day, ['alpha', 'beta', 'gamma'])).cluster).toBe(4)
    // the next day: the story goes on
    expect(clusterer.assign(input(5, 2 * day, ['alpha', 'beta', 'gamma'])).cluster).toBe(storyCluster)
  })

  it('weighs words first met after the full pass as rare, so a new story finds itself', () => {
    const clusterer = new StorylineClusterer(inverseDocumentFrequency([...filler, ...story].map((i) => i.words)))
    runSteps(clusterIntoSteps(clusterer, [...filler, ...story]))
    expect(clusterer.assign(input(6, 3 * day, ['zorbex', 'quintal'])).cluster).toBe(6)
    expect(clusterer.assign(input(7, 3 * day, ['quintal', 'zorbex'])).cluster).toBe(6)
    expect(clusterer.knownShare(['alpha', 'zorbex', 'quintal', 'beta'])).toBe(0.5)
  })
})

describe('trends gone quiet leave the candidate indexes', () => {
  const day = 86_400
  it('leaves out, day by day, the same entries as a walk over every entry of the indexes, and assigns alike (property)', () => {
    const entities = ['/m/a', '/m/b', '/m/c']
    const vocabulary = ['summit', 'vote', 'storm', 'launch', 'trial', 'merger', 'strike', 'final', 'recall', 'budget']
    const article = fc.record({
      // gaps of up to three weeks: trends go quiet through their entities (5.5 days) and words (13.8)
      gapHours: fc.integer({ min: 0, max: 21 * 24 }),
      entity: fc.option(fc.constantFrom(...entities), { nil: null }),
      score: fc.constantFrom(0.3, 0.7, 0.9),
      words: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 4 }),
      // trends begun without a section gain one: they are filed under none and under it
      section: fc.constantFrom('/Business', '/Technology', null),
    })
    fc.assert(
      fc.property(fc.array(article, { minLength: 5, maxLength: 80 }), (articles) => {
        let time = 1_700_000_000
        const inputs: ClusterInput[] = articles.map((a, i) => {
          time += a.gapHours * 3600
          return { key: i + 1, time, entities: a.entity ? [{ id: a.entity, score: a.score }] : [], words: a.words, section: a.section }
        })
        // every word rare enough to find trends by
        const weights = new Map(vocabulary.map((w) => [w, RARE_WORD_WEIGHT + 1]))
        const scheduled = new StorylineClusterer(weights)
        // a clean-up (here over nothing) leaves a clusterer walking its indexes, as an incremental update's does
        const walking = new StorylineClusterer(weights)
        walking.merge()
        for (const input of inputs) {
          expect(scheduled.assign(input)).toEqual(walking.assign(input))
          expect(scheduled.candidateEntries()).toEqual(walking.candidateEntries())
        }
      }),
      { seed: 31, numRuns: 200 },
    )
  })

  it('files the words of trends only once an article looks trends up by word, as if filed all along (property)', () => {
    const entities = ['/m/a', '/m/b']
    const vocabulary = ['summit', 'vote', 'storm', 'launch', 'trial', 'merger']
    const article = fc.record({
      gapHours: fc.integer({ min: 0, max: 21 * 24 }),
      entity: fc.constantFrom(...entities),
      words: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 4 }),
      section: fc.constantFrom('/Business', '/Technology', null),
    })
    // a run of articles with a strong entity (their trends' words are not filed), then articles
    // with weak entities or none, which find trends by word
    fc.assert(
      fc.property(fc.array(article, { minLength: 1, maxLength: 50 }), fc.array(fc.tuple(article, fc.constantFrom(0, 0.3)), { maxLength: 20 }), (strong, weak) => {
        let time = 1_700_000_000
        const inputs: ClusterInput[] = [...strong.map((a) => [a, 0.9] as const), ...weak].map(([a, score], i) => {
          time += a.gapHours * 3600
          return { key: i + 1, time, entities: score === 0 ? [] : [{ id: a.entity, score }], words: a.words, section: a.section }
        })
        const weights = new Map(vocabulary.map((w) => [w, RARE_WORD_WEIGHT + 1]))
        const deferring = new StorylineClusterer(weights)
        // a clean-up files every word as it comes from then on
        const filing = new StorylineClusterer(weights)
        filing.merge()
        for (const input of inputs) {
          expect(deferring.assign(input)).toEqual(filing.assign(input))
          expect(deferring.candidateEntries()).toEqual(filing.candidateEntries())
        }
        // and the clean-ups find the same trends by word
        deferring.merge()
        filing.merge()
        expect(deferring.candidateEntries()).toEqual(filing.candidateEntries())
      }),
      { seed: 37, numRuns: 200 },
    )
  })

  it('leaves a trend out of its entity\'s index after five and a half quiet days, and out of its word\'s after a fortnight', () => {
    const weights = new Map([['storm', RARE_WORD_WEIGHT + 1]])
    const clusterer = new StorylineClusterer(weights)
    const t0 = 1_700_000_000
    clusterer.assign({ key: 1, time: t0, entities: [{ id: '/m/a', score: 0.9 }], words: ['storm'] })
    expect(clusterer.candidateEntries()).toEqual({ byEntity: 1, byWord: 1 })
    // seven days on: quiet through its entity (5.5 days), still a candidate through its word (13.8)
    clusterer.assign({ key: 2, time: t0 + 7 * day, entities: [], words: ['storm'] })
    expect(clusterer.candidateEntries()).toEqual({ byEntity: 0, byWord: 1 })
    // a fortnight after its last article (13.8 days): out of the word's index too, and a new trend starts
    expect(clusterer.assign({ key: 3, time: t0 + 21 * day, entities: [], words: ['storm'] }).cluster).toBe(3)
    expect(clusterer.candidateEntries()).toEqual({ byEntity: 0, byWord: 1 })
  })
})

describe('headlines without entities and a big trend', () => {
  const input = (key: number, text: string[]) => ({ key, time: key * 60, entities: [], words: text })
  // a hundred and twenty one-off headlines make the story's words rare enough to find trends by
  const filler = Array.from({ length: 120 }, (_, i) => input(1000 + i, [`filler${i}`]))
  // six articles of one story; "highlights" is in one of them only (a sixth, under the fifth a core word needs)
  const story = [1, 2, 3, 4, 5, 6].map((k) => input(k, k === 6 ? ['gox', 'bitcoin', 'bankruptcy', 'highlights'] : ['gox', 'bitcoin', 'bankruptcy']))

  it('joins a big trend through a word a fifth of its articles carry, not through a word at its edge', () => {
    const all = [...filler, ...story]
    const clusterer = new StorylineClusterer(inverseDocumentFrequency(all.map((i) => i.words)))
    const assigned = runSteps(clusterIntoSteps(clusterer, all))
    const storyCluster = assigned.find((a) => a.key === 1)!.cluster
    expect(assigned.filter((a) => a.cluster === storyCluster).map((a) => a.key)).toEqual([1, 2, 3, 4, 5, 6])
    // "Highlights": close enough by cosine (0.13 against the join threshold of 0.1), but through the edge word alone: a trend of its own
    expect(clusterer.assign(input(10, ['highlights'])).cluster).toBe(10)
    // sharing "gox", which every article of the story carries: it joins
    expect(clusterer.assign(input(11, ['gox', 'hacked'])).cluster).toBe(storyCluster)
  })
})

describe('the words of a headline', () => {
  it('keeps versions and two-letter words written in capitals, and drops dates, function words and other short words', () => {
    expect(words('iOS 7.1 out now for iPhone and iPad')).toEqual(['ios', '7.1', 'now', 'iphone', 'ipad'])
    expect(words('Apple TV 6.1 update: a 4.7-inch screen, firmware 1.2.3')).toEqual(['apple', 'tv', '6.1', 'update', '4.7', 'inch', 'screen', 'firmware', '1.2.3'])
    // a date with dots is no version: only its year is a word
    expect(words('Making sense of sanctions 09.03.2014')).toEqual(['making', 'sense', 'sanctions', '2014'])
    // capitals: "EU", "GM", "5S" are words; "US" and "IN" are function words, "St" and "is" are not capitals
    expect(words('TELL US IN AN EU VOTE: GM, iPhone 5S')).toEqual(['tell', 'eu', 'vote', 'gm', 'iphone', '5s'])
    expect(words('Wall St is up 2 pct')).toEqual(['wall', 'pct'])
  })

  it('reads every text into lower-case words of letters, digits and dots, each of two letters or more (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 })), (text) => {
        for (const w of words(text)) {
          expect(w).toBe(w.toLowerCase())
          expect(w.length).toBeGreaterThanOrEqual(2)
          expect(w).toMatch(/^[\p{L}\p{M}\p{N}]+(?:\.\p{N}+)*$/u)
        }
      }),
      { seed: 19, numRuns: 300 },
    )
  })
})

describe('clustering', () => {
  it('joins articles sharing their storyline entities and keeps others apart', () => {
    const day = 86_400
    const input = (key: number, time: number, ids: string[], text: string) => ({ key, time, entities: ids.map((id) => ({ id, score: 0.9 })), words: words(text) })
    const inputs = [
      input(1, 0, ['/g/summit', '/m/mira'], 'Vellmar Summit opens in Lyon'),
      input(2, day / 2, ['/g/summit', '/m/mira'], 'Mira Castell speaks at the Vellmar Summit'),
      input(3, day, ['/g/launch', '/m/orion'], 'Orion rocket launch delayed'),
      input(4, 2 * day, ['/g/summit'], 'What the Vellmar Summit decided'),
      input(5, 60 * day, ['/g/summit'], 'Vellmar Summit, a year on'),
    ]
    const cluster = clustersOf(inputs)
    expect(cluster.get(2)).toBe(1)
    expect(cluster.get(4)).toBe(1)
    expect(cluster.get(3)).toBe(3)
    // two months later the storyline is no longer active: a new trend starts
    expect(cluster.get(5)).toBe(5)
  })

  it('gives the same trends whenever the same articles happen (the merge pass files clusters by stretches of 21 days; property)', () => {
    const day = 86_400
    const entities = ['/m/a', '/m/b', '/m/c', '/m/d']
    const vocabulary = ['summit', 'vote', 'storm', 'launch', 'trial', 'merger', 'strike', 'final', 'recall', 'budget', 'crash', 'award']
    const article = fc.record({
      day: fc.integer({ min: 0, max: 60 }),
      hour: fc.integer({ min: 0, max: 23 }),
      entity: fc.option(fc.constantFrom(...entities), { nil: null }),
      score: fc.constantFrom(0.3, 0.7, 0.9),
      words: fc.array(fc.constantFrom(...vocabulary), { minLength: 2, maxLength: 5 }),
    })
    fc.assert(
      fc.property(fc.array(article, { minLength: 5, maxLength: 60 }), fc.integer({ min: 0, max: 40 * day }), (articles, shift) => {
        const inputs = (offset: number) =>
          articles.map((a, i) => ({
            key: i + 1,
            time: 1_700_000_000 + offset + a.day * day + a.hour * 3600,
            entities: a.entity ? [{ id: a.entity, score: a.score }] : [],
            words: a.words,
          }))
        expect(clustersOf(inputs(shift))).toEqual(clustersOf(inputs(0)))
      }),
      { seed: 50, numRuns: 150 },
    )
  })
})

describe('the clean-ups of a full pass over headlines', () => {
  const input = (key: number, text: string): ClusterInput => ({ key, time: key * 60, entities: [], words: words(text) })
  const filler = Array.from({ length: 800 }, (_, i) => input(10_000 + i, `filler${i} other${i}`))
  const bigStory = Array.from({ length: 45 }, (_, i) =>
    input(1 + i, `gox ${i % 2 ? 'bitcoin' : ''} ${['mtgox', 'hack', 'exchange'][i % 3]} ${'abcdefghjkmn'.split('').map((l) => l + i).join(' ')}`),
  )
  const clusterOf = (inputs: ClusterInput[]) => {
    const clusterer = new StorylineClusterer(inverseDocumentFrequency(inputs.map((i) => i.words)))
    const out = runSteps(clusterIntoSteps(clusterer, inputs))
    return { clusterer, cluster: new Map(out.map((a) => [a.key, a.cluster])) }
  }

  it('lets a headline go that shares no word with a twentieth of its big trend (the seed of a piece that grew into another story)', () => {
    const inputs = [
      ...filler,
      input(1, 'Mt Gox bitcoin exchange roundup'),
      // joins while the trend is small, through "roundup" alone
      input(2, 'Weekly roundup'),
      ...Array.from({ length: 28 }, (_, i) => input(3 + i, `Mt Gox bitcoin bankruptcy claim${i}`)),
    ]
    const { clusterer, cluster } = clusterOf(inputs)
    const story = cluster.get(1)!
    expect([...cluster].filter(([, c]) => c === story).map(([k]) => k)).toEqual([1, ...Array.from({ length: 28 }, (_, i) => 3 + i)])
    // a trend of its own, which a later headline like it joins
    const own = cluster.get(2)!
    expect(own).not.toBe(story)
    expect(clusterer.assign({ ...input(500, 'Weekly roundup'), time: 40 * 60 }).cluster).toBe(own)
    // the story goes on as before
    expect(clusterer.assign({ ...input(501, 'Mt Gox bitcoin bankruptcy filed'), time: 40 * 60 }).cluster).toBe(story)
  })

  it('refuse assignments that are not side by side with their inputs', () => {
    const inputs = [...filler.slice(0, 20), input(1, 'Mt Gox bitcoin exchange roundup')]
    const clusterer = new StorylineClusterer(inverseDocumentFrequency(inputs.map((i) => i.words)))
    const out = inputs.map((i) => clusterer.assign(i))
    expect(() => clusterer.releaseStrays(inputs, [...out].reverse())).toThrow(/assignment 0 is of 1, its input of 10000/)
    expect(() => clusterer.splitMarkets(inputs, out.slice(1))).toThrow(/20 assignments for 21 inputs/)
    expect(clusterer.releaseStrays(inputs, out).size).toBe(0)
  })

  it('joins a fragment to the big trend whose core word most of its headlines carry, and leaves others alone', () => {
    const inputs = [
      ...filler,
      // a big story: every headline says gox, half of them bitcoin, each with words of its own
      ...bigStory,
      // bitcoin machines in London: bitcoin is the only word in common, too little of the story's centroid to join online or merge
      input(100, 'bitcoin machine london cafe opens today shoreditch tech city'),
      input(101, 'london cafe bitcoin machine first shoreditch tech city'),
      // "hack" is in a third of the story's headlines, but in one of these three only: too far to join online, and no core word for most of them
      input(200, 'hack tools sold cheaply online market stalls bazaar vendors prices'),
      input(201, 'tools sold cheaply online market stalls bazaar vendors prices'),
      input(202, 'tools sold cheaply online market stalls bazaar vendors'),
    ]
    const { cluster } = clusterOf(inputs)
    const story = cluster.get(1)!
    expect(cluster.get(100)).toBe(story)
    expect(cluster.get(101)).toBe(story)
    expect([200, 201, 202].map((k) => cluster.get(k))).not.toContain(story)
  })

  it("finds a big trend's core word even when the store writes it often (a big story's own word is common in a small store)", () => {
    const later = 60 * 86_400
    const inputs = [
      ...filler,
      // "bachelor" also heads 60 headlines of other things two months later: no rare word
      ...Array.from({ length: 60 }, (_, i) => ({ ...input(20_000 + i, `bachelor party${i} idea${i}`), time: later + i * 60 })),
      ...Array.from({ length: 45 }, (_, i) => input(1 + i, `bachelor juan ${['finale', 'rose', 'proposal'][i % 3]} ${'abcdefghjkmn'.split('').map((l) => l + i).join(' ')}`)),
      // a fragment that shares only that word with the story: no candidate online, none in the merge pass
      input(100, 'bachelor renee oteri engaged seattle ring'),
      input(101, 'renee oteri bachelor fiance ring photo'),
    ]
    const { clusterer, cluster } = clusterOf(inputs)
    expect(clusterer.weights.get('bachelor')!).toBeLessThanOrEqual(RARE_WORD_WEIGHT)
    const story = cluster.get(1)!
    expect(cluster.get(100)).toBe(story)
    expect(cluster.get(101)).toBe(story)
    // the headlines of two months later are out of the story's reach
    expect(cluster.get(20_000)).not.toBe(story)
  })

  it('leaves fragments with entities to the merge pass', () => {
    const withEntity = (key: number, text: string) => ({ ...input(key, text), entities: [{ id: '/m/london', score: 0.9 }] })
    const inputs = [
      ...filler,
      ...bigStory,
      withEntity(100, 'bitcoin machine london cafe opens today'),
      withEntity(101, 'london cafe bitcoin machine first'),
    ]
    const { cluster } = clusterOf(inputs)
    expect(cluster.get(100)).not.toBe(cluster.get(1))
    expect(cluster.get(101)).toBe(cluster.get(100))
  })
})

describe('a trend keeps to one section', () => {
  const hour = 3600
  const input = (key: number, section: string | null, text: string, ids: string[] = []) => ({
    key,
    time: key * hour,
    section,
    entities: ids.map((id) => ({ id, score: 0.9 })),
    words: words(text),
  })
  const filler = Array.from({ length: 80 }, (_, i) => input(1000 + i, null, `filler${i} other${i}`))

  it('reads the section off a category path', () => {
    expect(sectionOf('/Business/Markets')).toBe('/Business')
    expect(sectionOf('/Entertainment')).toBe('/Entertainment')
    expect(sectionOf('Business/Markets')).toBe('/Business')
    expect(sectionOf('')).toBeNull()
    expect(sectionOf(null)).toBeNull()
    expect(sectionOf(undefined)).toBeNull()
  })

  it('keeps headlines of two sections apart however alike, and joins those of one section or of none', () => {
    const inputs = [
      ...filler,
      // Snowden's talk at SXSW (technology) and the festival's bands (entertainment) share their place
      input(1, '/Science and Technology', 'Snowden speaks at SXSW Austin festival'),
      input(2, '/Science and Technology', 'Snowden SXSW Austin talk on surveillance'),
      input(3, '/Entertainment', 'SXSW Austin festival bands to see'),
      input(4, '/Entertainment', 'SXSW Austin festival bands playlist'),
      // an article without a category may join either
      input(5, null, 'Snowden SXSW Austin surveillance talk'),
    ]
    const cluster = clustersOf(inputs)
    expect(cluster.get(2)).toBe(1)
    expect(cluster.get(3)).toBe(3)
    expect(cluster.get(4)).toBe(3)
    expect(cluster.get(5)).toBe(1)
    // without sections the same headlines make one trend: the section is what keeps them apart
    const unsectioned = clusterStorylines(
      inputs.map((i) => ({ ...i, section: null })),
      inverseDocumentFrequency(inputs.map((i) => i.words)),
    )
    const together = new Map(unsectioned.map((a) => [a.key, a.cluster]))
    expect(new Set([1, 2, 3, 4, 5].map((k) => together.get(k))).size).toBe(1)
  })

  it('finds a trend begun without a section for articles of the section it took, and keeps it from other sections', () => {
    const weights = new Map(['storm', 'coast', 'warning'].map((w) => [w, RARE_WORD_WEIGHT + 1]))
    const clusterer = new StorylineClusterer(weights)
    const headline = (key: number, section: string | null, entities: string[] = []) =>
      clusterer.assign({ key, time: key * hour, section, entities: entities.map((id) => ({ id, score: 0.9 })), words: ['storm', 'coast', 'warning'] })
    // begun without a section (filed under none), it takes the first section that joins it
    expect(headline(1, null).cluster).toBe(1)
    expect(headline(2, '/Weather').cluster).toBe(1)
    // found through the entries it was filed under before it had a section
    expect(headline(3, '/Weather').cluster).toBe(1)
    // an article of another section finds it there too, and may not join it
    expect(headline(4, '/Travel').cluster).toBe(4)
    // without a section an article meets every section's trends: the same words, the nearer in time
    expect(headline(5, null).cluster).toBe(4)
    // the same through entities
    expect(headline(6, null, ['/m/storm']).cluster).toBe(6)
    expect(headline(7, '/Weather', ['/m/storm']).cluster).toBe(6)
    expect(headline(8, '/Travel', ['/m/storm']).cluster).toBe(8)
    expect(headline(9, '/Weather', ['/m/storm']).cluster).toBe(6)
  })

  it('lets the merge pass join a piece without a section and one with, whichever is the larger', () => {
    const day = 86_400
    const weights = new Map(['harbour', 'crane', 'collapse', 'inquiry', 'report', 'published'].map((w) => [w, RARE_WORD_WEIGHT + 1]))
    const piece = (key: number, days: number, section: string | null, text: string) => ({
      key,
      time: days * day,
      section,
      entities: [{ id: '/m/port', score: 0.9 }],
      words: words(text),
    })
    // four days apart and in other words: too far for the online pass (0.51 x 0.75 < 0.4), alike
    // enough by their entity for the merge pass (0.75)
    const apart = (inputs: ClusterInput[]) => new Set(clusterStorylines(inputs, weights).map((a) => a.cluster)).size
    // the smaller piece without a section meets the larger of a section
    expect(apart([piece(1, 0, null, 'Harbour crane collapse'), piece(2, 4, '/News', 'Inquiry report published'), piece(3, 4, '/News', 'Inquiry report published')])).toBe(1)
    // the smaller piece of a section meets the larger one without
    expect(apart([piece(1, 0, null, 'Harbour crane collapse'), piece(2, 0, null, 'Harbour crane collapse'), piece(3, 4, '/News', 'Inquiry report published')])).toBe(1)
    // two sections stay apart
    expect(apart([piece(1, 0, '/Business', 'Harbour crane collapse'), piece(2, 4, '/News', 'Inquiry report published'), piece(3, 4, '/News', 'Inquiry report published')])).toBe(2)
  })

  it('keeps articles with entities of two sections apart, and the merge pass does not join them', () => {
    const inputs = [
      input(1, '/Business', 'Apple shares rise', ['/m/apple']),
      input(2, '/Business', 'Apple shares rise further', ['/m/apple']),
      input(3, '/Technology', 'Apple shares rise', ['/m/apple']),
    ]
    const cluster = clustersOf(inputs)
    expect(cluster.get(2)).toBe(1)
    expect(cluster.get(3)).toBe(3)
  })
})

describe('lifecycle rules', () => {
  const zeros = (n: number) => new Array<number>(n).fill(0)
  it('computes the slope, features and weekly autocorrelation', () => {
    expect(slope([1, 2, 3, 4])).toBe(1)
    expect(features([0, 2, 0, 3, 5])).toEqual({ days_active: 3, total_articles: 10, slope_14d: 1.1, current_share_7d: 1 })
    const weekly = Array.from({ length: 35 }, (_, i) => (i % 7 === 0 ? 6 : 0))
    expect(autocorrelation(weekly, 7)).toBeGreaterThan(0.7)
  })

  it('types shapes: event-driven, evergreen, cyclic, derivative', () => {
    expect(structuralType([...zeros(10), 20, 6, 2, 1, ...zeros(5)], false)).toBe('event_driven')
    expect(structuralType(Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 0 : 1)), false)).toBe('evergreen')
    expect(structuralType(Array.from({ length: 35 }, (_, i) => (i % 7 === 0 ? 6 : i % 7 === 1 ? 2 : 0)), false)).toBe('cyclic')
    expect(structuralType([0, 5, 1], true)).toBe('derivative')
  })

  it('names states from the last days', () => {
    expect(state([...zeros(20), 8, 3, ...zeros(7)], 'event_driven')).toBe('decayed')
    expect(state([...zeros(20), 8, 3, ...zeros(7)], 'cyclic')).toBe('seasonal_dormant')
    expect(state([...zeros(20), 4, 6], 'unknown')).toBe('emerging')
    expect(state([...zeros(10), 2, 2, 2, 3, 4, 5], 'unknown')).toBe('hot')
    expect(state([...zeros(10), 9, 9, 9, 1, 0, 1, 0, 0, 1], 'unknown')).toBe('persistent')
  })

  it('gives articles their roles and trends their meaning', () => {
    expect(role(100, 100, 1)).toBe('F5_one_off')
    expect(role(100 + 5 * 3600, 100, 3)).toBe('F1_trigger')
    expect(role(100 + 48 * 3600, 100, 3)).toBe('F2_pile_on')
    expect(role(100 + 96 * 3600, 100, 3)).toBe('F3_long_tail')
    expect(semanticType('/News/Politics', 'event_driven')).toBe('news')
    expect(semanticType('/Sports/Football', 'event_driven')).toBe('event_based')
    expect(semanticType('/Lifestyle/Food', 'evergreen')).toBe('evergreen')
    expect(semanticType('/Weather', 'cyclic')).toBe('seasonal')
  })

  it('forecasts a decaying trend to end soon and a flat one to go on', () => {
    const decaying = forecast([0, 40, 20, 10, 5, 2, 1], 20_000)
    expect(decaying.predicted_total_reach).toBeGreaterThanOrEqual(78)
    expect(decaying.predicted_total_reach).toBeLessThan(100)
    expect(Date.parse(decaying.predicted_end_at!)).toBeLessThan(Date.parse('2024-10-20'))
    const flat = forecast(new Array<number>(30).fill(3), 20_000)
    expect(flat.pct_next7d).toBeGreaterThan(decaying.pct_next7d!)
  })

  it('keeps the forecast of the day a trend decayed (7 days without an article) while nothing happens', () => {
    const decayedOn = [...zeros(60), 12, 6, 3, 1, ...zeros(7)]
    const then = forecast(decayedOn, 20_000)
    expect(then).toMatchObject({ pct_next24h: 0, pct_next7d: 0, predicted_total_reach: 22, predicted_end_at: new Date(20_001 * 86_400_000).toISOString() })
    // 40 days later, the same 180-day window: the same forecast, not one that ends "tomorrow" each day
    expect(forecast([...decayedOn, ...zeros(40)], 20_040)).toEqual(then)
    expect(forecast([...decayedOn.slice(40), ...zeros(40)], 20_040)).toEqual(then)
    // six quiet days are not yet decayed: the forecast still decays from the last days' level
    expect(forecast([...zeros(20), 12, 6, 3, 1, ...zeros(6)], 20_000).pct_next24h).toBeGreaterThan(0)
  })

  it('reads stored daily counts on any later day as the counts moved on to that day (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 9 })), { maxLength: TREND_DAYS }),
        fc.integer({ min: 19_000, max: 21_000 }),
        fc.integer({ min: 0, max: 400 }),
        (counts, lastDay, later) => {
          const window = trimLeadingZeros(counts)
          const { counts: stored, through } = storedDailyCounts(window, lastDay)
          // what a trend written `later` days after would hold: its days shifted, 180 at most
          const moved = trimLeadingZeros([...new Array<number>(TREND_DAYS).fill(0), ...window, ...new Array<number>(later).fill(0)].slice(-TREND_DAYS))
          expect(dailyCountsOn(stored, through, lastDay + later)).toEqual(moved)
          expect(stored.at(-1) ?? 1).not.toBe(0)
        },
      ),
      { seed: 50, numRuns: 300 },
    )
    // rows written before the day was kept read as they are
    expect(dailyCountsOn([0, 2, 0], null, 20_000)).toEqual([0, 2, 0])
  })
})

describe('a headline follows its nearest headlines (the last step of a full pass)', () => {
  const day = 86_400
  const input = (key: number, text: string, time = key * 60): ClusterInput => ({ key, time, entities: [], words: words(text) })
  // two hundred one-off headlines make the stories' words rare enough to find neighbours and trends by
  const filler = Array.from({ length: 200 }, (_, i) => input(10_000 + i, `filler${i} other${i}`))
  // the Apple TV story first
  const appleTv = ['remote', 'television', 'remote', 'television', 'remote', 'television'].map((w, i) => input(1 + i, `apple ${w} app${i % 2}`))
  // a headline of the iOS story arrives while only the Apple TV story is there: it joins it through "apple"
  const early = input(10, 'apple ios iphone update')
  // then the iOS story itself, which shares no core word with the Apple TV trend and starts its own
  const ios = (after = 0) => Array.from({ length: 6 }, (_, i) => input(20 + i, `ios iphone update ${['snappier', 'battery', 'carplay'][i % 3]}`, (20 + i) * 60 + after))
  const run = (all: ClusterInput[], byNeighbours: boolean) => {
    const clusterer = new StorylineClusterer(inverseDocumentFrequency(all.map((i) => i.words)))
    const out = runSteps(clusterIntoSteps(clusterer, all, byNeighbours))
    return { clusterer, cluster: new Map(out.map((a) => [a.key, a.cluster])), score: new Map(out.map((a) => [a.key, a.score])) }
  }

  it('moves to the trend of its close copies when their votes outweigh its own trend’s one and a half times', () => {
    const all = [...filler, ...appleTv, early, ...ios()]
    const online = run(all, false)
    // without the step: the early headline stays with the Apple TV story, the iOS story is a trend of its own
    expect(online.cluster.get(10)).toBe(1)
    expect(new Set(ios().map((i) => online.cluster.get(i.key)))).toEqual(new Set([20]))
    const { clusterer, cluster, score } = run(all, true)
    expect(cluster.get(10)).toBe(20)
    // everything else stays where it was
    for (const a of [...appleTv, ...ios()]) expect(cluster.get(a.key)).toBe(online.cluster.get(a.key))
    // its score: its closest neighbour in the new trend (three of their four words shared)
    expect(score.get(10)).toBeGreaterThan(0.5)
    expect(score.get(10)).toBeLessThan(1)
    // the kept centroids moved with it: a later "apple ios iphone" joins the iOS trend, not the Apple TV one
    expect(clusterer.assign(input(40, 'apple ios iphone')).cluster).toBe(20)
  })

  it('leaves every headline in exactly one live trend, whatever the headlines (property)', () => {
    const vocabulary = ['gox', 'bitcoin', 'ios', 'iphone', 'update', 'apple', 'remote', 'china', 'stocks', 'oil', 'sxsw', 'mindy', 'bachelor', 'finale']
    const headline = fc.record({
      words: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 5 }),
      minutes: fc.integer({ min: 0, max: 60 * 24 * 40 }),
      section: fc.constantFrom('/Business', '/Technology', null),
    })
    fc.assert(
      fc.property(fc.array(headline, { minLength: 1, maxLength: 80 }), (raw) => {
        const inputs: ClusterInput[] = [...filler, ...raw.map((h, i) => ({ key: 1 + i, time: h.minutes * 60, entities: [], words: h.words, section: h.section }))]
        const clusterer = new StorylineClusterer(inverseDocumentFrequency(inputs.map((i) => i.words)))
        const out = runSteps(clusterIntoSteps(clusterer, inputs))
        expect(out.map((a) => a.key).sort((a, b) => a - b)).toEqual(inputs.map((i) => i.key).sort((a, b) => a - b))
        for (const a of out) {
          // a live trend, not an alias of one a move or merge emptied
          expect(clusterer.root(a.cluster)).toBe(a.cluster)
          expect(a.score).toBeGreaterThanOrEqual(0)
          expect(a.score).toBeLessThanOrEqual(1)
        }
        // a trend holds one section (an article without one may join any)
        const sections = new Map<number, Set<string>>()
        for (const a of out) {
          const section = inputs.find((i) => i.key === a.key)!.section
          if (section) (sections.get(a.cluster) ?? sections.set(a.cluster, new Set()).get(a.cluster)!).add(section)
        }
        for (const set of sections.values()) expect(set.size).toBe(1)
      }),
      { seed: 23, numRuns: 60 },
    )
  })

  it('does not follow copies beyond the active window: a month later they have no vote', () => {
    // the early headline alone (no Apple TV story): any vote at all would outweigh its own trend's none
    const all = [...filler, early, ...ios(30 * day)]
    const { cluster } = run(all, true)
    expect(cluster.get(20)).toBe(20)
    expect(cluster.get(10)).toBe(10)
    // a day later they would have joined it in the first place
    expect(run([...filler, early, ...ios(day)], true).cluster.get(20)).toBe(10)
  })
})

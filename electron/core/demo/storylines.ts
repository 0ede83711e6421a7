import type { FormatGroup } from '../../../shared/contract/values'
import type { Random } from './random'

/** Lifecycle shapes of the demo world's storylines. */
export const storylineShapes = ['spike', 'derivative', 'evergreen', 'seasonal', 'cyclic', 'persistent', 'routine'] as const
export type StorylineShape = (typeof storylineShapes)[number]

export interface ShapeParams {
  shape: StorylineShape
  /** Day index (0 = first day of the world) the storyline starts or peaks. */
  start: number
  /** Expected articles over the storyline's life. */
  total: number
  /** cyclic: days between bursts; seasonal: spread in days; persistent: ramp length. */
  period: number
}

/**
 * Expected new articles on `day` for a storyline: the shape of its life.
 * - spike: most articles on the first day, decaying fast (about 35% left each next day);
 * - derivative: a smaller spike that starts after its parent;
 * - evergreen, routine: a steady trickle over the whole window;
 * - seasonal: a bell around its peak day;
 * - cyclic: a burst every `period` days;
 * - persistent: ramps up over `period` days, then holds.
 */
export function expectedArticles(p: ShapeParams, day: number, worldDays: number): number {
  switch (p.shape) {
    case 'spike':
    case 'derivative': {
      const d = day - p.start
      return d < 0 || d > 6 ? 0 : p.total * 0.65 * 0.35 ** d
    }
    case 'evergreen':
    case 'routine':
      return p.total / worldDays
    case 'seasonal': {
      const z = (day - p.start) / p.period
      return (p.total / (p.period * Math.sqrt(2 * Math.PI))) * Math.exp(-0.5 * z * z)
    }
    case 'cyclic': {
      const d = day - p.start
      if (d < 0) return 0
      const phase = d % p.period
      const bursts = Math.max(1, Math.ceil((worldDays - p.start) / p.period))
      return phase === 0 ? (p.total / bursts) * 0.7 : phase === 1 ? (p.total / bursts) * 0.3 : 0
    }
    case 'persistent': {
      const d = day - p.start
      if (d < 0) return 0
      const plateau = p.total / Math.max(1, worldDays - p.start - p.period / 2)
      return plateau * Math.min(1, (d + 1) / p.period)
    }
  }
}

/**
 * Picks a shape's parameters for a storyline in a world of `days` days, whose articles start
 * `warmUp` days before its first snapshot.
 */
export function drawShape(rng: Random, shape: StorylineShape, days: number, warmUp: number): ShapeParams {
  switch (shape) {
    case 'spike':
      return { shape, start: rng.int(-warmUp - 2, days - 1), total: Math.round(rng.logNormal(16, 0.5)) + 4, period: 0 }
    case 'derivative':
      return { shape, start: 0, total: Math.round(rng.logNormal(7, 0.4)) + 3, period: 0 }
    case 'evergreen':
      return { shape, start: -30, total: Math.round(days * rng.logNormal(0.9, 0.3)), period: 0 }
    case 'routine':
      return { shape, start: -30, total: Math.round(days * rng.logNormal(1.6, 0.2)), period: 1 }
    case 'seasonal':
      return { shape, start: rng.int(5, days - 5), total: Math.round(rng.logNormal(60, 0.3)), period: rng.int(4, 9) }
    case 'cyclic':
      return { shape, start: rng.int(0, 6), total: Math.round((days / 7) * rng.logNormal(6, 0.3)), period: 7 }
    case 'persistent':
      return { shape, start: rng.int(0, Math.max(1, days - 30)), total: Math.round(rng.logNormal(70, 0.35)), period: rng.int(10, 25) }
  }
}

/** How likely each shape is among new storylines (derivatives are spun off spikes instead). */
export const SHAPE_WEIGHTS: Record<Exclude<StorylineShape, 'derivative'>, number> = {
  spike: 0.62,
  evergreen: 0.08,
  routine: 0.02,
  seasonal: 0.08,
  cyclic: 0.1,
  persistent: 0.1,
}

/** The share of spikes that spin off a derivative storyline. */
export const DERIVATIVE_SHARE = 0.22

/** An article's format group follows its topic and its place in the storyline. */
export function drawFormat(rng: Random, topicFormats: Partial<Record<FormatGroup, number>>, shape: StorylineShape, dayInLife: number): FormatGroup {
  const weights = { News: 0, Analysis: 0, Utility: 0, Atmosphere: 0, Routine: 0, ...topicFormats }
  if (shape === 'routine') return 'Routine'
  if ((shape === 'spike' || shape === 'derivative') && dayInLife === 0) weights.News *= 3
  if (dayInLife >= 2) {
    weights.Analysis *= 1.8
    weights.Utility *= 1.5
  }
  weights.Routine = shape === 'cyclic' ? weights.Routine : weights.Routine * 0.3
  const groups = Object.keys(weights) as FormatGroup[]
  return rng.weighted(groups, groups.map((g) => weights[g]))
}

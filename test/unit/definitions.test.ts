import { describe, expect, it } from 'vitest'
import { DEFINITIONS, definitionOf } from '../../renderer/src/components/definitions'

describe('each figure\'s definition, one hover away', () => {
  it('gives the words of the figures the issue names, a column\'s own words first', () => {
    for (const name of ['Index', 'Share', 'Before', 'After', 'Live h']) expect(DEFINITIONS[name]!.length, name).toBeGreaterThan(20)
    expect(definitionOf('Live h')).toBe('hours of the window with impressions')
    expect(definitionOf('Impressions', 'what the feed showed of it')).toBe('what the feed showed of it')
    expect(definitionOf('Title')).toBeUndefined()
  })
})

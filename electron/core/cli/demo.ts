import { Command, Option } from 'commander'
import { demoScales } from '../demo/scales'
import type { DemoOptions } from './demo-action'
import { dataDirOption, wholeNumber } from './options'

export const DEFAULT_DEMO_SEED = 42

export const parseSeed = wholeNumber('--seed', 'a whole number', 0)

export function parseEnd(value: string): Date {
  const end = new Date(value)
  if (Number.isNaN(end.getTime())) throw new Error(`--end takes an ISO 8601 date-time, not ${value}`)
  return end
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('build the demo world (and the demo project with its API key) into an empty store')
    .addOption(new Option('--scale <scale>', 'size of the world').choices(demoScales).default('small'))
    .addOption(new Option('--seed <n>', 'random seed: the same seed and scale give the same store').default(DEFAULT_DEMO_SEED).argParser(parseSeed))
    .addOption(new Option('--end <time>', 'the world ends at the last 3-hour snapshot before this time (default: now)').argParser(parseEnd))
    .addOption(dataDirOption())
    .action(async (opts: DemoOptions) => {
      const { buildDemo } = await import('./demo-action')
      await buildDemo(opts)
    })
}

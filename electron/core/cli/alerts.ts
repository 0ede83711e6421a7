import { Command, Option } from 'commander'
import type * as Actions from './alerts-action'
import { dataDirOption, wholeNumber } from './options'

export function registerAlertsCommands(program: Command): void {
  const alerts = program
    .command('alerts')
    .description('the alerts inbox for scripts: every rule evaluated against the store now, then what fired, newest first')
    .option('--unread', 'only the alerts not read yet')
    .option('--mark-read', 'mark the alerts printed as read')
    .addOption(new Option('--limit <n>', 'at most this many alerts').argParser(wholeNumber('--limit', 'a whole number of alerts, 1 to 500', 1, 500)).default(100))
    .option('--json', 'print JSON (the same shape as GET /app/alerts)')
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.listAlerts>) => (await import('./alerts-action')).listAlerts(...args))

  alerts
    .command('rules')
    .description('the alert rules, with whether each is crossed now and when it last fired')
    .option('--json', 'print JSON (the same shape as GET /app/alerts/rules)')
    .addOption(dataDirOption())
    // `alerts` takes --json and --data-dir too: wherever they are written, they are the command's
    .action(async (_opts: unknown, command: Command) => (await import('./alerts-action')).listRules(command.optsWithGlobals<Parameters<typeof Actions.listRules>[0]>()))
}

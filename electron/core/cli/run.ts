/**
 * The `feedlens` command (out/main/feedlens.js): run by Node from a checkout (bin/feedlens.js), and
 * in an installed app by the app's own Node through the launcher "Install command line tool"
 * writes (`ELECTRON_RUN_AS_NODE=1 <app> <resources>/app.asar.unpacked/out/main/feedlens.js ARGS`).
 */
import { runCli } from './main'

const code = await runCli(process.argv.slice(2))
// a failure ends the process at once (a worker or a socket left open must not hold it)
if (code !== 0) process.exit(code)
if (process.exitCode) process.exit(process.exitCode)

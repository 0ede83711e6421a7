import fs from 'node:fs'
import path from 'node:path'

/** The extensions the importer reads (its format is told from them and the first record). */
export const IMPORTABLE_EXTENSIONS = ['.jsonl', '.ndjson', '.json', '.csv'] as const

/** Why a path handed to the app (dropped, opened, passed at launch) is not imported, or null when it is a file the importer reads. */
export function whyNotImportable(file: string): string | null {
  if (typeof file !== 'string' || file === '' || file.includes('\u0000')) return 'Not a file path.'
  if (!path.isAbsolute(file)) return `${file}: not a full path.`
  const ext = path.extname(file).toLowerCase()
  if (!(IMPORTABLE_EXTENSIONS as readonly string[]).includes(ext)) {
    return `${path.basename(file)}: Feedlens imports ${IMPORTABLE_EXTENSIONS.join(', ')} files, not ${ext || 'files without an extension'}.`
  }
  let stat: fs.Stats | undefined
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false })
  } catch (error) {
    return `${path.basename(file)}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`
  }
  if (!stat) return `${path.basename(file)}: no such file.`
  if (!stat.isFile()) return `${path.basename(file)}: a folder, not a file.`
  try {
    fs.accessSync(file, fs.constants.R_OK)
  } catch {
    return `${path.basename(file)}: Feedlens may not read it (permission denied).`
  }
  return null
}

/** The files among a launch's arguments (a file opened with the app, or handed to a second launch): resolved against its folder, flags and links left out. */
export function filesIn(argv: readonly string[], cwd: string): string[] {
  return argv
    .filter((a) => !a.startsWith('-') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(a))
    .filter((a) => (IMPORTABLE_EXTENSIONS as readonly string[]).includes(path.extname(a).toLowerCase()))
    .map((a) => path.resolve(cwd, a))
}

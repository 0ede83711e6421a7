/**
 * ESLint rule: no file takes part in a circle of imports, type-only imports included (import-x's
 * no-cycle leaves those out, yet a circle through a type still ties two floors into one). The
 * imports of every TypeScript file under the linted folders are read once per lint run, as text
 * (relative specifiers of import/export ... from and import()); a file in a circle is reported
 * with the circle's way back to it.
 */
import fs from 'node:fs'
import path from 'node:path'

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier)
  for (const ext of EXTENSIONS) {
    const candidate = base + ext
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

function importsOf(file, cache) {
  let found = cache.get(file)
  if (found) return found
  found = []
  cache.set(file, found)
  let text
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return found
  }
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolve(file, match[1] ?? match[2])
    if (target) found.push(target)
  }
  return found
}

/** The shortest way of imports from `start` back to itself, or null when there is none. */
function wayBack(start, cache) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const next of importsOf(file, cache)) {
      if (next === start) {
        const way = [start]
        for (let at = file; at !== start; at = cameFrom.get(at)) way.splice(1, 0, at)
        return [...way, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

const importsRead = new Map()

export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid circles of imports, type-only imports included' },
    schema: [],
    messages: { circle: 'This file is in a circle of imports: {{way}}. Move what both need to a floor below them (docs/architecture.md, "The floors").' },
  },
  create(context) {
    return {
      'Program:exit'(node) {
        const file = context.filename
        // a file is read again each run: what the editor holds now, not what was read before
        importsRead.delete(file)
        const way = wayBack(file, importsRead)
        if (way) context.report({ node, messageId: 'circle', data: { way: way.map((f) => path.relative(context.cwd, f)).join(' -> ') } })
      },
    }
  },
}

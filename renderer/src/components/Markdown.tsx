import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'

/** Article Markdown rendered to HTML, sanitised: stored texts come from imports and are never trusted. */
export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(source, { async: false, gfm: true }) as string), [source])
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
}

/** Builds a concrete path from a template: fillPath('/v1/trends/{trend_id}', {trend_id}). Free of zod, for the window. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}

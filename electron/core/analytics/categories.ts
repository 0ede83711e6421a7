/**
 * The section of a category path: its top level ("/Business/Markets" -> "/Business"); null
 * without a category. Trends keep to one section; roll-ups slice by it.
 */
export function sectionOf(category: string | null | undefined): string | null {
  const top = category?.split('/').find((part) => part.length > 0)
  return top ? `/${top}` : null
}

/** A view's values in its URL's query string: pure, read by the screens and by tests without a browser. */

/** The values a view keeps in its URL, by name; each has a default that the URL leaves out. */
export type QueryValues = Record<string, string>

/** A view's query values from a query string, with the defaults for what it does not name. */
export function readQuery<T extends QueryValues>(search: string, defaults: T): T {
  const params = new URLSearchParams(search)
  const values = { ...defaults }
  for (const name of Object.keys(defaults) as Array<keyof T & string>) {
    const value = params.get(name)
    if (value !== null) values[name] = value as T[typeof name]
  }
  return values
}

/** The offset of a page kept in the URL as its number from 1 ("page=3"); anything else is the first page. */
export const pageOffset = (page: string, pageSize: number) => (Math.max(1, Number(page) || 1) - 1) * pageSize

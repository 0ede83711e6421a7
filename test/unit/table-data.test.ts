import { describe, expect, it } from 'vitest'
import { toCsv } from '../../shared/text/csv'
import { csvColumns, exportFileName, sortRows, type Column } from '../../renderer/src/components/table-data'

interface Row {
  name: string
  impressions: number | null
  countries: string[]
}

const rows: Row[] = [
  { name: 'Beta, "quoted"', impressions: 20, countries: ['US', 'DE'] },
  { name: 'alpha', impressions: null, countries: [] },
  { name: 'Gamma', impressions: 300, countries: ['FR'] },
]

const columns: Array<Column<Row>> = [
  { id: 'name', header: 'Name', cell: (r) => r.name },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (r) => r.impressions, cell: (r) => (r.impressions ?? 0).toLocaleString('en-US') },
  { id: 'countries', header: 'Countries', value: (r) => r.countries },
  { id: 'actions', header: '', value: null, cell: () => null },
  { id: 'hidden', header: 'Hidden', visible: false, value: () => 'never' },
]

describe('the renderer table data', () => {
  it('exports every visible column with a value, in order, as RFC 4180 CSV', () => {
    expect(toCsv(csvColumns(columns), rows)).toBe('name,impressions,countries\r\n"Beta, ""quoted""",20,US DE\r\nalpha,,\r\nGamma,300,FR\r\n')
  })

  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const hostile: Row[] = [
      { name: '=HYPERLINK("https://evil.example","Click")', impressions: -12, countries: ['@SUM(A1)'] },
      { name: '+1 555 0100', impressions: 0, countries: ['-2+3'] },
      { name: '-3.5', impressions: 7, countries: ['\t=1+1'] },
      { name: 'Fed holds rates; =2+2 later', impressions: 1, countries: [] },
    ]
    expect(toCsv(csvColumns(columns), hostile).split('\r\n')).toEqual([
      'name,impressions,countries',
      `"'=HYPERLINK(""https://evil.example"",""Click"")",-12,'@SUM(A1)`,
      "'+1 555 0100,0,'-2+3",
      // a plain number in a text cell is not a formula
      "-3.5,7,'\t=1+1",
      'Fed holds rates; =2+2 later,1,',
      '',
    ])
  })

  it('sorts numbers by size and text by locale, with missing values last in both directions', () => {
    const names = (sorted: Row[]) => sorted.map((r) => r.name)
    expect(names(sortRows(rows, columns, { id: 'impressions', desc: true }))).toEqual(['Gamma', 'Beta, "quoted"', 'alpha'])
    expect(names(sortRows(rows, columns, { id: 'impressions', desc: false }))).toEqual(['Beta, "quoted"', 'Gamma', 'alpha'])
    expect(names(sortRows(rows, columns, { id: 'name', desc: false }))).toEqual(['alpha', 'Beta, "quoted"', 'Gamma'])
    // an unknown column keeps the order given
    expect(names(sortRows(rows, columns, { id: 'nope', desc: true }))).toEqual(rows.map((r) => r.name))
  })

  it('names an export after the view, its period and filters, with safe characters only', () => {
    expect(exportFileName('Rates watch', 'metrics', '7d', 'US', '', null, undefined, false)).toBe('Rates-watch_metrics_7d_US')
    expect(exportFileName('articles', 'über/../x', '2026-11-01', 3)).toBe('articles_ber-..-x_2026-11-01_3')
  })
})

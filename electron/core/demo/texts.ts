import type { FormatGroup } from '../../../shared/contract/values'
import type { Random } from './random'
import { bodySentences, subheadings, titleTemplates, type DemoLanguage } from './vocabulary'

export interface TextSlots {
  e1: string
  e2: string
  place: string
  event: string
  kw: string
  kw2: string
  n: string
  day: string
}

const fill = (template: string, slots: TextSlots) => template.replace(/\{(\w+)\}/g, (_, k: keyof TextSlots) => slots[k] ?? '')

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/** Title, summary and Markdown body of one article; entity names and topic words really occur in them. */
export function writeArticle(rng: Random, lang: DemoLanguage, format: FormatGroup, slots: TextSlots) {
  const title = capitalise(fill(rng.pick(titleTemplates[lang][format]), slots))
  const sentences = rng.sample(bodySentences[lang], 6).map((s) => fill(s, slots))
  const [sub1, sub2] = rng.sample(subheadings[lang], 2)
  const summary = sentences[0]!
  const markdown = [
    `# ${title}`,
    `**${summary}**`,
    `## ${sub1}`,
    `${sentences[1]} ${sentences[2]} ${sentences[3]}`,
    `## ${sub2}`,
    `${sentences[4]} ${sentences[5]}`,
  ].join('\n\n')
  return { title, summary, markdown }
}

/** A URL path segment from a title: ASCII letters and digits, Cyrillic transliterated. */
export function slugify(title: string): string {
  const cyrillic: Record<string, string> = {
    а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
    п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  }
  return title
    .toLowerCase()
    .replace(/[а-яё]/g, (c) => cyrillic[c] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
}

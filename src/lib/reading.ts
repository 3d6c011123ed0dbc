/**
 * Reading time of an MDX page, computed from its source: the words a reader
 * reads, at 230 words a minute (a common figure for careful reading of
 * technical prose), rounded up to whole minutes. Imports, exports, code
 * blocks, JSX tags and their attributes, Markdown link targets and footnote
 * definitions' labels are not words; a component such as <Fig/> stands for
 * one word.
 */
export const WORDS_PER_MINUTE = 230;

export function readableText(mdx: string): string {
  return mdx
    .replace(/^---\n[\s\S]*?\n---\n/, '') // front matter
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[A-Z][\w.]*\b[^>]*\/>/g, ' x ') // self-closing component: one word
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ') // other tags: no word
    .replace(/\{[^{}]*\}/g, ' ') // expressions
    .replace(/\]\([^)]*\)/g, ']') // link targets
    .replace(/\[\^[^\]]+\]:?/g, ' ') // footnote labels
    .replace(/[#*_>|`[\]~-]+/g, ' ');
}

export function wordCount(mdx: string): number {
  return readableText(mdx)
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export function readingMinutes(mdx: string): number {
  return Math.max(1, Math.ceil(wordCount(mdx) / WORDS_PER_MINUTE));
}

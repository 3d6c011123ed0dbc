/**
 * A page's contents list, read from its rendered headings: every <h2> and <h3> with an id,
 * in document order, with its text. Base.astro calls it on the rendered page body when a
 * page passes toc="headings", so the list cannot drift from the headings it lists.
 */
export interface TocEntry {
  depth: number;
  slug: string;
  text: string;
}

const HEADING = /<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/gi;
const ID = /\bid="([^"]+)"/;
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (ENTITY[e.toLowerCase()] ?? m),
  );
}

/** The h2/h3 headings with an id in `html`, as contents entries. */
export function headingsOf(html: string): TocEntry[] {
  const out: TocEntry[] = [];
  for (const [, level, attrs, inner] of html.matchAll(HEADING)) {
    const id = ID.exec(attrs)?.[1];
    if (!id) continue;
    const text = decode(inner.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    out.push({ depth: Number(level), slug: decode(id), text });
  }
  return out;
}

/**
 * A title's slug as the reference's matching uses it: lowercased, accents and punctuation dropped, `&` as "and",
 * words run together ("Sonic & Knuckles" → "sonicandknuckles"); the part after a subtitle mark (" - " or ": ")
 * gives a secondary slug. Pure.
 */
export interface TitleSlug {
  slug: string;
  secondarySlug?: string;
  slugLength: number;
  slugWordCount: number;
}

function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

export function titleSlug(title: string): TitleSlug {
  const all = words(title);
  const slug = all.join("");
  const out: TitleSlug = { slug, slugLength: slug.length, slugWordCount: all.length };
  const mark = /\s+-\s+|:\s+/.exec(title);
  if (mark) {
    const secondary = words(title.slice(mark.index + mark[0].length)).join("");
    if (secondary !== "" && secondary !== slug) out.secondarySlug = secondary;
  }
  return out;
}

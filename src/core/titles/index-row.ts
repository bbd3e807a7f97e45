/**
 * What the reference's indexer derives from one media file path for its title tables: the file name without a
 * valid extension, the title, its slug (or the lower-cased name when the title has none), the extension tag and
 * the file-name tags in natural (unpadded) form.
 */
import { type MediaType, slugifyWithTokens } from "./slug-fns.ts";
import { parseFilenameTagsForMedia, parseTitleFromFilename, unpadTagValue } from "./tag-fns.ts";
import { type PrefixKind, stripWithPolicy } from "./browse-prefix.ts";
import { rawExtension } from "./narrowing.ts";
import { goToLower } from "./go-strings.ts";

export interface StagedTag {
  readonly type: string;
  /** Natural form ("rev:1", not "rev:0001"). */
  readonly value: string;
}

export interface RowFragments {
  readonly fileName: string;
  /** Lower-cased extension with its dot, or "" when the file has none or it is not alphanumeric. */
  readonly ext: string;
  readonly title: string;
  readonly slug: string;
  readonly tokens: readonly string[];
  readonly tags: readonly StagedTag[];
}

/** Precomputed parts a caller may already hold, to skip parsing the file name. */
export interface RowHints {
  readonly title?: string;
  readonly tags?: readonly StagedTag[];
}

const ALNUM = /^[A-Za-z0-9]+$/;

export function isValidExtension(ext: string): boolean {
  return ALNUM.test(ext.startsWith(".") ? ext.slice(1) : ext);
}

function lastElement(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const trimmed = path.slice(0, end);
  if (trimmed === "") return ".";
  if (trimmed === "/") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** The file-name tags as the indexer stages them: "type:value" unpadded, split at the first colon. */
export function stagedTagsFromName(fileName: string, mediaType: MediaType): StagedTag[] {
  const out: StagedTag[] = [];
  for (const t of parseFilenameTagsForMedia(fileName, mediaType)) {
    const text = unpadTagValue(t.value === "" ? t.type : `${t.type}:${t.value}`);
    const colon = text.indexOf(":");
    if (colon <= 0 || colon === text.length - 1) continue;
    out.push({ type: text.slice(0, colon), value: text.slice(colon + 1) });
  }
  return out;
}

/**
 * `prefixPolicy` is the numbering prefix its folder strips from titles (see browse-prefix.ts); tags are read
 * from the whole file name.
 */
export function rowFragments(
  path: string,
  mediaType: MediaType,
  hints: RowHints = {},
  prefixPolicy: PrefixKind = "",
): RowFragments {
  const base = lastElement(path);
  const lowered = rawExtension(path).toLowerCase();
  const ext = isValidExtension(lowered) ? lowered : "";
  // As the reference: the lower-cased extension is cut only where the name spells it in lower case.
  const fileName = ext !== "" && base.endsWith(ext) ? base.slice(0, base.length - ext.length) : base;
  const nameForTitle = stripWithPolicy(fileName, prefixPolicy);
  const title = hints.title ?? parseTitleFromFilename(nameForTitle, mediaType);
  const slugged = slugifyWithTokens(mediaType, title);
  const slug = slugged.slug === "" ? goToLower(nameForTitle) : slugged.slug;
  const nameTags = hints.tags ?? stagedTagsFromName(fileName, mediaType);
  const tags = ext === "" ? nameTags : [{ type: "extension", value: ext.slice(1) }, ...nameTags];
  return { fileName, ext, title, slug, tokens: slugged.tokens, tags };
}

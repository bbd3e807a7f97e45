/**
 * What the reference's indexer derives from one media file path for its title tables: the file name without a
 * valid extension, the title, its slug (or the lower-cased name when the title has none), the extension tag and
 * the file-name tags in natural (unpadded) form.
 */
import { type MediaType, type SlugWithTokens, slugifyWithTokens } from "./slug-fns.ts";
import { parseFilenameTagsForMedia, parseTitleFromFilename, unpadTagValue } from "./tag-fns.ts";
import { type PrefixKind, stripWithPolicy } from "./browse-prefix.ts";
import { rawExtension } from "./narrowing.ts";
import { goPathBase, goToLower } from "./go-strings.ts";

export interface StagedTag {
  readonly type: string;
  /** Natural form ("rev:1", not "rev:0001"). */
  readonly value: string;
}

/** What a row's title tables need: the file name, its title and slug. Cheaper than {@link RowFragments}. */
export interface RowTitle {
  readonly fileName: string;
  /** Lower-cased extension with its dot, or "" when the file has none or it is not alphanumeric. */
  readonly ext: string;
  readonly title: string;
  readonly slug: string;
  readonly tokens: readonly string[];
}

export interface RowFragments extends RowTitle {
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

/** The file name and its valid extension (the lower-cased extension is cut only where the name spells it so). */
function fileParts(path: string): { fileName: string; ext: string } {
  const base = goPathBase(path);
  const lowered = rawExtension(path).toLowerCase();
  const ext = isValidExtension(lowered) ? lowered : "";
  // As the reference: the lower-cased extension is cut only where the name spells it in lower case.
  const fileName = ext !== "" && base.endsWith(ext) ? base.slice(0, base.length - ext.length) : base;
  return { fileName, ext };
}

export interface RowTitleOptions {
  /** A title already known (skips parsing the file name). */
  readonly title?: string | undefined;
  /** The numbering prefix the row's folder strips from titles (see browse-prefix.ts). */
  readonly prefixPolicy?: PrefixKind;
  /** Slugifies a title (e.g. remembering titles already seen); slugifyWithTokens by default. */
  readonly slugOfTitle?: (title: string) => SlugWithTokens;
}

/** The title and slug of a row. */
export function rowTitle(path: string, mediaType: MediaType, options: RowTitleOptions = {}): RowTitle {
  const { fileName, ext } = fileParts(path);
  const nameForTitle = stripWithPolicy(fileName, options.prefixPolicy ?? "");
  const title = options.title ?? parseTitleFromFilename(nameForTitle, mediaType);
  const slugged = options.slugOfTitle ? options.slugOfTitle(title) : slugifyWithTokens(mediaType, title);
  const slug = slugged.slug === "" ? goToLower(nameForTitle) : slugged.slug;
  return { fileName, ext, title, slug, tokens: slugged.tokens };
}

/** The staged tags of a row: its extension, then the tags of the whole file name (or `nameTags` when known). */
export function rowTags(path: string, mediaType: MediaType, nameTags?: readonly StagedTag[]): readonly StagedTag[] {
  const { fileName, ext } = fileParts(path);
  const fromName = nameTags ?? stagedTagsFromName(fileName, mediaType);
  return ext === "" ? fromName : [{ type: "extension", value: ext.slice(1) }, ...fromName];
}

/**
 * Title, slug and staged tags of a row: {@link rowTitle} and {@link rowTags} together. Tags are read from the
 * whole file name.
 */
export function rowFragments(
  path: string,
  mediaType: MediaType,
  hints: RowHints = {},
  prefixPolicy: PrefixKind = "",
): RowFragments {
  return { ...rowTitle(path, mediaType, { title: hints.title, prefixPolicy }), tags: rowTags(path, mediaType, hints.tags) };
}

/**
 * Paren groups (also braces and angle brackets) that are single words, read by position and by the tags
 * already seen: No-Intro / TOSEC names run region → language → version → development status, so "(Ch)" is
 * Switzerland early or after German, Chinese later; GoodTools "(U)", "(E)", "(J)", "(A)" are regions early.
 */
import * as T from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { classifyLooseParenToken } from "./classify.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import { bracketed, withSource, TagSourceBracketed, type CanonicalTag } from "./types.ts";

/** What the parser knows when it reads one paren group. */
export interface ParenContext {
  /** The group's raw text. */
  readonly raw: string;
  /** Its position among the name's paren groups. */
  readonly index: number;
  /** The tags read so far. */
  readonly processed: readonly CanonicalTag[];
  /** A "(YYYY)" year was read from the name. */
  readonly yearExtracted: boolean;
}

interface Seen {
  readonly region: boolean;
  readonly lang: boolean;
  readonly rev: boolean;
}

function seenTypes(processed: readonly CanonicalTag[]): Seen {
  let region = false;
  let lang = false;
  let rev = false;
  for (const t of processed) {
    if (t.type === T.TagTypeRegion) region = true;
    else if (t.type === T.TagTypeLang) lang = true;
    else if (t.type === T.TagTypeRev) rev = true;
  }
  return { region, lang, rev };
}

/** Among keyword meanings of one type twice: the one the group's position suggests. */
function selectBestMapping(options: readonly CanonicalTag[], seen: Seen, position: number): CanonicalTag[] {
  const firstOf = (type: string) => options.find((o) => o.type === type);
  let pick: CanonicalTag | undefined;
  if (position < 2) {
    if (!seen.region) pick = firstOf(T.TagTypeRegion);
    if (!pick && !seen.lang) pick = firstOf(T.TagTypeLang);
  }
  if (!pick && position >= 2 && position < 5) {
    if (!seen.rev) pick = firstOf(T.TagTypeRev);
    pick ??= firstOf(T.TagTypeUnfinished);
  }
  return [pick ?? options[0]!];
}

const region = (value: string, lang?: string): CanonicalTag[] =>
  lang === undefined
    ? [bracketed(T.TagTypeRegion, value)]
    : [bracketed(T.TagTypeRegion, value), bracketed(T.TagTypeLang, lang)];

/** GoodTools one-letter regions. */
const GOODTOOLS_REGIONS: Readonly<Record<string, () => CanonicalTag[]>> = {
  u: () => region(V.TagRegionUS, V.TagLangEN),
  e: () => region(V.TagRegionEU),
  j: () => region(V.TagRegionJP, V.TagLangJA),
  a: () => region(V.TagRegionAU, V.TagLangEN),
};

const hasHardwareContext = (processed: readonly CanonicalTag[]): boolean =>
  processed.some((t) => t.type === T.TagTypeAddon || t.type === T.TagTypeCompatibility);

/** The words whose meaning depends on the context; undefined for the others. */
function contextual(tag: string, ctx: ParenContext, seen: Seen): CanonicalTag[] | undefined {
  switch (tag) {
    case "ch":
      if (ctx.processed.some((t) => t.type === T.TagTypeLang && t.value === V.TagLangDE)) return region(V.TagRegionCH);
      if (!seen.region && ctx.index < 2) return region(V.TagRegionCH);
      return [bracketed(T.TagTypeLang, V.TagLangZH)];
    case "tr":
      if (!seen.region && ctx.index < 2) return region(V.TagRegionTR);
      if (!seen.lang) return [bracketed(T.TagTypeLang, V.TagLangTR)];
      return region(V.TagRegionTR);
    case "bs":
      return [bracketed(T.TagTypeLang, V.TagLangBS)];
    case "hi":
      return [bracketed(T.TagTypeLang, V.TagLangHI)];
    case "st":
      if (hasHardwareContext(ctx.processed)) return [bracketed(T.TagTypeAddon, V.TagAddonPeripheralSufami)];
      return withSource(mapFilenameTagToCanonical(tag), TagSourceBracketed);
    case "np":
      if (hasHardwareContext(ctx.processed)) return [bracketed(T.TagTypeAddon, V.TagAddonOnlineNintendopower)];
      return withSource(mapFilenameTagToCanonical(tag), TagSourceBracketed);
    case "u":
    case "e":
    case "j":
    case "a":
      return !seen.region && ctx.index < 3 ? GOODTOOLS_REGIONS[tag]!() : [];
    default:
      return undefined;
  }
}

/** The tags of a normalized single-word paren group. */
export function mapParenthesisTag(tag: string, ctx: ParenContext): CanonicalTag[] {
  const seen = seenTypes(ctx.processed);
  const special = contextual(tag, ctx, seen);
  if (special) return special;
  const mapped = mapFilenameTagToCanonical(tag);
  if (mapped.length === 0) return classifyLooseParenToken(tag, ctx.raw, ctx.index, ctx.yearExtracted);
  if (mapped.length > 1 && new Set(mapped.map((t) => t.type)).size < mapped.length) {
    // The reference leaves the picked tag's source unset here.
    return selectBestMapping(mapped, seen, ctx.index);
  }
  return withSource(mapped, TagSourceBracketed);
}

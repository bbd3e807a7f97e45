/**
 * The narrowing steps of the reference's selection among several files: drop variants, drop re-releases, prefer
 * configured regions and languages, prefer the file types the system's launchers list first.
 */
import type { MediaResult, TagFilter } from "./types.ts";
import {
  DUMP_VARIANT_VALUES,
  RERELEASE_TAG_TYPES,
  TAG_TYPE,
  UNFINISHED_VARIANT_PREFIXES,
  UNFINISHED_VARIANT_VALUES,
  UNLICENSED_VARIANT_VALUES,
  VARIANT_REQUEST_TAG_TYPES,
} from "./variant-tags.ts";

/** Demo, beta, prototype, sample, hack, translation, bootleg, clone or bad dump. */
export function isVariant(result: MediaResult): boolean {
  return result.tags.some((t) => {
    switch (t.type) {
      case TAG_TYPE.unfinished:
        return UNFINISHED_VARIANT_PREFIXES.some((p) => t.tag.startsWith(p)) || UNFINISHED_VARIANT_VALUES.includes(t.tag);
      case TAG_TYPE.unlicensed:
        return UNLICENSED_VARIANT_VALUES.includes(t.tag);
      case TAG_TYPE.dump:
        return DUMP_VARIANT_VALUES.includes(t.tag);
      default:
        return false;
    }
  });
}

export function isRerelease(result: MediaResult): boolean {
  return result.tags.some((t) => RERELEASE_TAG_TYPES.includes(t.type));
}

/** True when a non-NOT filter asks for an unfinished or unlicensed tag. */
export function hasVariantTagFilter(filters: readonly TagFilter[]): boolean {
  return filters.some((f) => f.operator !== "NOT" && VARIANT_REQUEST_TAG_TYPES.includes(f.type));
}

export function filterOutVariants(results: readonly MediaResult[]): MediaResult[] {
  return results.filter((r) => !isVariant(r));
}

export function filterOutRereleases(results: readonly MediaResult[]): MediaResult[] {
  return results.filter((r) => !isRerelease(r));
}

/** Files with a preferred value of `tagType`; else files without that tag type; else the rest. */
function preferByTag(results: readonly MediaResult[], tagType: string, preferred: readonly string[]): MediaResult[] {
  const matching: MediaResult[] = [];
  const untagged: MediaResult[] = [];
  const others: MediaResult[] = [];
  for (const r of results) {
    const typed = r.tags.filter((t) => t.type === tagType);
    if (typed.length === 0) untagged.push(r);
    else if (typed.some((t) => preferred.includes(t.tag))) matching.push(r);
    else others.push(r);
  }
  if (matching.length > 0) return matching;
  return untagged.length > 0 ? untagged : others;
}

export function filterByPreferredRegions(results: readonly MediaResult[], regions: readonly string[]): MediaResult[] {
  return preferByTag(results, TAG_TYPE.region, regions);
}

export function filterByPreferredLanguages(results: readonly MediaResult[], langs: readonly string[]): MediaResult[] {
  return preferByTag(results, TAG_TYPE.lang, langs);
}

/** The extension of a path's last element, from its last dot, as written ("" when none); Go's filepath.Ext. */
export function rawExtension(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== "/"; i--) {
    if (path[i] === ".") return path.slice(i);
  }
  return "";
}

/** {@link rawExtension} lower-cased. */
export function pathExtension(path: string): string {
  return rawExtension(path).toLowerCase();
}

const NO_LAUNCHER_SCORE = 999999;

/**
 * Keeps the files whose extension sits earliest in some launcher's extension list (each inner list is one
 * launcher's extensions in its own order); files no launcher lists score worst.
 */
export function filterByFileTypePriority(
  results: readonly MediaResult[],
  launcherExtensions: readonly (readonly string[])[],
): MediaResult[] {
  if (launcherExtensions.length === 0) return [...results];
  const scores = results.map((r) => {
    const ext = pathExtension(r.path);
    let best = NO_LAUNCHER_SCORE;
    for (const exts of launcherExtensions) {
      const at = exts.findIndex((e) => e.toLowerCase() === ext);
      if (at >= 0 && at < best) best = at;
    }
    return best;
  });
  const min = Math.min(NO_LAUNCHER_SCORE, ...scores);
  return results.filter((_, i) => scores[i] === min);
}

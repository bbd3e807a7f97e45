/**
 * Which tags make a file a variant (demo, beta, hack, bad dump …) or a re-release in the reference's selection.
 * Facts: tag types and values of the reference's tag vocabulary.
 */

/** `unfinished:` values rejected by prefix (so "demo-kiosk", "beta-2", "proto-1" count too). */
export const UNFINISHED_VARIANT_PREFIXES: readonly string[] = ["demo", "beta", "proto", "alpha"];
/** `unfinished:` values rejected only when equal. */
export const UNFINISHED_VARIANT_VALUES: readonly string[] = ["sample", "preview", "prerelease"];
export const UNLICENSED_VARIANT_VALUES: readonly string[] = ["hack", "translation", "bootleg", "clone"];
export const DUMP_VARIANT_VALUES: readonly string[] = ["bad"];
/** A tag of either type marks a re-release. */
export const RERELEASE_TAG_TYPES: readonly string[] = ["rerelease", "reboxed"];
/** A filter of these types (other than NOT) means the user asked for a variant on purpose. */
export const VARIANT_REQUEST_TAG_TYPES: readonly string[] = ["unfinished", "unlicensed"];

export const TAG_TYPE = {
  unfinished: "unfinished",
  unlicensed: "unlicensed",
  dump: "dump",
  region: "region",
  lang: "lang",
  extension: "extension",
} as const;

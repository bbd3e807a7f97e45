/** The parser's word lists, generated from the reference's source (data/parser-words.json). */
import words from "./data/parser-words.json" with { type: "json" };

const asMap = (o: Readonly<Record<string, string>>): ReadonlyMap<string, string> => new Map(Object.entries(o));

export const exclusiveTypes: ReadonlyMap<string, boolean> = new Map(Object.entries(words.exclusiveTypes));
export const deprecatedAliases = asMap(words.deprecatedAliases);
/** Trailing words that make a group an edition ("special-edition"), with the generic value of each. */
export const editionSuffixFallbacks = asMap(words.editionSuffixFallbacks);
export const patchLabelAliases = asMap(words.patchLabelAliases);
export const editionQualifiers = asMap(words.editionQualifiers);
export const structuralPrefixes: ReadonlySet<string> = new Set(words.structuralPrefixes);
/** Structural prefixes that name a medium, in the reference's table order. */
export const structuralMediaPrefixes = asMap(words.structuralMediaPrefixes);
export const structuralRomanNumbers = asMap(words.structuralRomanNumbers);
export const adminNoiseSubstrings: readonly string[] = words.adminNoiseSubstrings;
/** Three-letter language codes of ROM names and their two-letter forms. */
export const langMap = asMap(words.langMap);
export const dumpFlagValues = asMap(words.dumpFlagValues);
/** Substrings without which a name cannot hold a scene-release artifact. */
export const sceneMarkers: readonly string[] = words.sceneMarkers;
/** The edition / version words, in the order the reference tries them. */
export const editionWords: readonly string[] = words.editionWords;

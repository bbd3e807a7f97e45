/** Renamed tags: an old "type:value" and the one that replaced it (data/parser-words.json deprecatedAliases). */
import { deprecatedAliases } from "./words.ts";

/** The current name of a full "type:value" tag; the tag itself when it was never renamed. */
export function canonicalizeTagAlias(fullTag: string): string {
  return deprecatedAliases.get(fullTag) ?? fullTag;
}

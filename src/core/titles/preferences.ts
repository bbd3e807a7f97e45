/** Preferred regions and languages from the config, with the reference's defaults for empty lists. */
import { DEFAULT_PREFERRED_LANGS, DEFAULT_PREFERRED_REGIONS } from "./constants.ts";

export function preferencesFromConfig(
  regions: readonly string[] | undefined,
  langs: readonly string[] | undefined,
): { regions: readonly string[]; langs: readonly string[] } {
  return {
    regions: regions && regions.length > 0 ? regions : DEFAULT_PREFERRED_REGIONS,
    langs: langs && langs.length > 0 ? langs : DEFAULT_PREFERRED_LANGS,
  };
}

/**
 * Read-only mappings from TOML files in the data folder's `mappings/` folder, in the reference's format:
 *
 *     [[mappings.entry]]
 *     token_key = "id"        # "id"/"uid" (default), "value"/"text", or "data"
 *     match_pattern = "04*"   # exact; with "*": the text without the stars must occur; "/re/": a regex
 *     zapscript = "SNES/Game.sfc"
 *
 * Pure: turns a parsed file into mappings, reporting every entry it cannot use. They are tried after the
 * database's mappings, in file order (files sorted by path), as the reference orders them.
 */
import { type } from "./lazy-arktype.ts";
import { type Mapping, type MappingType, type MatchKind, patternProblem } from "./mappings.ts";

const Entry = type({ "+": "ignore", "token_key?": "string", match_pattern: "string", zapscript: "string" });
export const MappingsFile = type({ "+": "ignore", "mappings?": { "+": "ignore", "entry?": type("unknown[]") } });

/** A file mapping: a Mapping without a database id (id 0, never stored), with the file it came from. */
export interface FileMapping extends Mapping {
  file: string;
}

export interface ParsedMappings {
  mappings: FileMapping[];
  /** Entries skipped, each with its position and why. */
  problems: string[];
}

function tokenType(key: string | undefined): MappingType | null {
  switch ((key ?? "").toLowerCase()) {
    case "":
    case "id":
    case "uid":
      return "uid";
    case "value":
    case "text":
      return "text";
    case "data":
      return "data";
    default:
      return null;
  }
}

/** `/re/` is a regex; a pattern with `*` is partial (the stars removed); anything else is exact. */
function matchOf(pattern: string): { match: MatchKind; pattern: string } {
  if (pattern.length > 2 && pattern.startsWith("/") && pattern.endsWith("/")) return { match: "regex", pattern: pattern.slice(1, -1) };
  if (pattern.includes("*")) return { match: "partial", pattern: pattern.replaceAll("*", "") };
  return { match: "exact", pattern };
}

/** The mappings of one parsed file (`file` names it in problems and in the result). */
export function mappingsFromFile(parsed: unknown, file: string): ParsedMappings {
  const checked = MappingsFile(parsed);
  if (checked instanceof type.errors) return { mappings: [], problems: [`${file}: ${checked.summary}`] };
  const out: ParsedMappings = { mappings: [], problems: [] };
  (checked.mappings?.entry ?? []).forEach((raw, i) => {
    const where = `${file}: mappings.entry #${i + 1}`;
    const entry = Entry(raw);
    if (entry instanceof type.errors) return void out.problems.push(`${where}: ${entry.summary}`);
    const t = tokenType(entry.token_key);
    if (!t) return void out.problems.push(`${where}: token_key must be "id", "value" or "data" (got "${entry.token_key}")`);
    const { match, pattern } = matchOf(entry.match_pattern);
    const problem = patternProblem(match, pattern);
    if (problem) return void out.problems.push(`${where}: ${problem}`);
    out.mappings.push({ id: 0, added: "", label: "", enabled: true, type: t, match, pattern, override: entry.zapscript, file });
  });
  return out;
}

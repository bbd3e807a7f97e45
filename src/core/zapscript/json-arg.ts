import { PARSE_ERRORS } from "./errors.ts";
import { goJsonParse, goJsonStringify } from "./go-json.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { SYM } from "./symbols.ts";

/**
 * A `{…}` JSON argument after its opening `{` (just read): read up to the matching `}` (braces inside JSON
 * strings do not count), checked, and written back compact with sorted keys as the reference writes JSON.
 */
export function readJsonArg(r: ScriptReader): string {
  let text = SYM.jsonStart;
  let depth = 1;
  let inString = false;
  let escaped = false;
  while (depth > 0) {
    const ch = r.read();
    if (ch === EOF) r.fail(PARSE_ERRORS.invalidJson);
    text += ch;
    if (escaped) escaped = false;
    else if (ch === SYM.jsonEscape) escaped = true;
    else if (ch === '"') inString = !inString;
    else if (!inString && ch === SYM.jsonStart) depth++;
    else if (!inString && ch === SYM.jsonEnd) depth--;
  }
  const parsed = goJsonParse(text);
  if (!parsed) r.fail(PARSE_ERRORS.invalidJson);
  return goJsonStringify(parsed.value);
}

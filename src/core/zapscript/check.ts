import { parseZapScript } from "./parser.ts";
import { type ZapScript, ZapScriptError } from "./types.ts";

/** The sentence shown for a script that does not parse, the same in the CLI (`tapserve parse`) and the web app. */
export function zapScriptErrorText(err: ZapScriptError): string {
  return `${err.message} (at character ${err.offset + 1})`;
}

/** Parses a launch script without running it: its commands, or the problem in words. */
export function checkZapScript(text: string): { ok: true; script: ZapScript } | { ok: false; error: string } {
  try {
    return { ok: true, script: parseZapScript(text) };
  } catch (err) {
    if (err instanceof ZapScriptError) return { ok: false, error: zapScriptErrorText(err) };
    throw err;
  }
}

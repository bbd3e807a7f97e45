/**
 * Stage 3 of the pipeline: symbols (™ © currency signs, every So and Sc character) removed, then the
 * per-script normalization. ASCII text passes untouched. The context, when given, remembers what was
 * learnt (the text was ASCII; which script it is in) for the last stage. Pure.
 */
import { isAscii } from "./go-strings.ts";
import { normalizeByScript } from "./script-normalization.ts";
import { detectScript, type ScriptType } from "./scripts.ts";

/** What one run of the pipeline has learnt about its text. */
export interface PipelineContext {
  /** Whether the trimmed input was pure ASCII (undefined: not checked). */
  isAscii?: boolean;
  /** The script detected after symbol removal, when `scriptCached`. */
  script?: ScriptType;
  scriptCached: boolean;
}

const SYMBOLS = /[\p{So}\p{Sc}]+/gu;

/** `NormalizeUnicode`. */
export function normalizeUnicode(s: string, ctx?: PipelineContext): string {
  if (ctx?.isAscii === true) return s;
  if (isAscii(s)) return s;
  const cleaned = s.replace(SYMBOLS, "");
  const script = detectScript(cleaned);
  if (ctx) {
    ctx.script = script;
    ctx.scriptCached = true;
  }
  return normalizeByScript(cleaned, script);
}

import { type } from "../lazy-arktype.ts";
import { MAPPING_TYPES, MATCH_KINDS } from "../mappings.ts";
import { TRACE_REASONS } from "../trace/reason.ts";

/**
 * A scan trace on the wire (`tokens.history` entries' `trace`, `tokens.trace`, `launch`/`run` with `dryRun`):
 * how one token went through the launch pipeline. URLs appear without credentials or query strings; data is cut.
 */

const TraceRefusal = type({ id: "string", why: "string" });
/**
 * A title's resolution: the system the name resolved to, the title asked for, the rule that chose the file (the
 * reference's strategy names, e.g. `exact_match`) with its confidence (0..1), and each step tried, in order.
 */
const TraceTitle = type({ system: "string", title: "string", "strategy?": "string", "confidence?": "number", steps: "string[]" });
export type TraceTitle = typeof TraceTitle.infer;
/**
 * A remote file the step installed before launching it (`launch` of an http(s) URL with `?system=`, as the
 * reference downloads into the system's folder): the URL (no credentials, query or fragment), the local file, and
 * what happened: `present` (already there, not fetched), `downloaded` (`bytes` written), `would_download` (a dry
 * run), `failed` (nothing left behind).
 */
const TraceInstall = type({ url: "string", path: "string", outcome: "'present' | 'downloaded' | 'would_download' | 'failed'", "bytes?": "number" });
export type TraceInstall = typeof TraceInstall.infer;
export const TraceStep = type({
  command: "string",
  args: "string[]",
  /** "ok", "failed", or "skipped" (a dry run does not run commands with effects; a failure ends the script). */
  outcome: "'ok' | 'failed' | 'skipped'",
  ms: "number",
  "error?": "string",
  /** The launch target this command resolved (file path or URL). */
  "target?": "string",
  /** The launcher chosen for it, and the ones refused before it with why. */
  "launcher?": "string",
  "refused?": TraceRefusal.array(),
  /** The process the launcher started, when it started one (platform APIs start none). */
  "pid?": "number",
  /** How a title (`@System/Title`, `launch.title`, a `System/Title` that is no file) was resolved: see TraceTitle. */
  "title?": TraceTitle,
  /** The remote file installed for it: see TraceInstall. */
  "install?": TraceInstall,
});
export type TraceStep = typeof TraceStep.infer;

export const TraceMapping = type({
  /** Database mapping id, or the TOML file of a file mapping. */
  "id?": "number",
  "file?": "string",
  "label?": "string",
  type: type.enumerated(...MAPPING_TYPES),
  match: type.enumerated(...MATCH_KINDS),
  pattern: "string",
});
export type TraceMapping = typeof TraceMapping.infer;

export const ScanTrace = type({
  /** reader, api or http. */
  source: "string",
  "readerId?": "string",
  "driver?": "string",
  read: { type: "string", uid: "string", text: "string", data: "string" },
  /** The mapping that matched; absent: none matched. */
  "mapping?": TraceMapping,
  /** The launch guard held the token for confirmation. */
  held: "boolean",
  /** The script that ran (after the mapping), and its commands as parsed. */
  script: "string",
  commands: type({ name: "string", args: "string[]", advArgs: "Record<string, string>" }).array(),
  steps: TraceStep.array(),
  ok: "boolean",
  "reason?": type.enumerated(...TRACE_REASONS),
  "error?": "string",
  "dryRun?": "boolean",
  /** Parts were dropped to keep the trace within its size bound. */
  "truncated?": "boolean",
});
export type ScanTrace = typeof ScanTrace.infer;

/** A history entry's id; without it (no params, or no `id`), the latest scan, a held one included. */
export const TraceParams = type({ "+": "delete", "id?": "number.integer >= 1" }).or("null");
export type TraceParams = typeof TraceParams.infer;

import { type } from "../lazy-arktype.ts";
import { ScanTrace } from "./trace.ts";

/**
 * Tokens, launches and the launch history on the wire: `tokens`, `tokens.added`, `launch`, `run`, `launching`,
 * `tokens.history`. Shapes follow what the reference's clients read (../shared/notes/).
 */

export const Token = type({ type: "string", uid: "string", text: "string", data: "string", scanTime: "string", "readerId?": "string" });
export type Token = typeof Token.infer;

export const TokensResult = type({ active: Token.array(), "last?": Token });
export type TokensResult = typeof TokensResult.infer;

/**
 * `dryRun`: answer with the scan trace of what would happen, without launching (see ScanTrace). `source` (with
 * `dryRun` only): `reader` judges the token as a tag scanned on a reader, so the launch guard applies as to a scan.
 */
const LaunchFields = { "+": "delete", "type?": "string", "uid?": "string", "text?": "string", "data?": "string", "dryRun?": "boolean", "source?": "'api' | 'reader'" } as const;
export const LaunchParams = type("string").or(type(LaunchFields));
export type LaunchParams = typeof LaunchParams.infer;
/** The phone app's `run`: the same fields plus `unsafe` (the script did not come from the user: `execute` is refused). */
export const RunParams = type("string").or(type({ ...LaunchFields, "unsafe?": "boolean" }));
export type RunParams = typeof RunParams.infer;

/** Params of `launching`: script text entering the launch queue (after mappings). */
export const Launching = type({ type: "string", uid: "string", text: "string", data: "string" });
export type Launching = typeof Launching.infer;

/** `id` (for `tokens.trace`) and `trace` (the newest entries only) are additions; older clients ignore them. */
export const HistoryEntry = type({
  type: "string",
  uid: "string",
  text: "string",
  data: "string",
  success: "boolean",
  time: "string",
  "id?": "number.integer",
  "trace?": ScanTrace,
  });
export type HistoryEntry = typeof HistoryEntry.infer;
export const HistoryResult = type({ entries: HistoryEntry.array() });

/** `launch` / `run`: null (queued), or with `dryRun` the trace of what would happen. */
export const LaunchResult = type("null").or(ScanTrace);
export type LaunchResult = typeof LaunchResult.infer;

/**
 * `tokens.trace`: one history entry's trace (absent for entries written before traces existed). Asked without an
 * id, the latest scan's: a history entry's, or a scan the launch guard held (no `id`; `time` its scan time and
 * `held` what became of it: waiting for confirmation, or dropped and why), which has no history entry.
 */
export const TraceResult = type({ "id?": "number.integer", "time?": "string", "held?": "string", "trace?": ScanTrace });
export type TraceResult = typeof TraceResult.infer;

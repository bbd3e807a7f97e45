import { type } from "arktype";

/**
 * Tokens, launches and the launch history on the wire: `tokens`, `tokens.added`, `launch`, `run`, `launching`,
 * `tokens.history`. Shapes follow what the reference's clients read (../shared/notes/).
 */

export const Token = type({ type: "string", uid: "string", text: "string", data: "string", scanTime: "string", "readerId?": "string" });
export type Token = typeof Token.infer;

export const TokensResult = type({ active: Token.array(), "last?": Token });
export type TokensResult = typeof TokensResult.infer;

const LaunchFields = { "+": "delete", "type?": "string", "uid?": "string", "text?": "string", "data?": "string" } as const;
export const LaunchParams = type("string").or(type(LaunchFields));
export type LaunchParams = typeof LaunchParams.infer;
/** The phone app's `run`: the same fields plus `unsafe` (the script did not come from the user: `execute` is refused). */
export const RunParams = type("string").or(type({ ...LaunchFields, "unsafe?": "boolean" }));
export type RunParams = typeof RunParams.infer;

/** Params of `launching`: script text entering the launch queue (after mappings). */
export const Launching = type({ type: "string", uid: "string", text: "string", data: "string" });
export type Launching = typeof Launching.infer;

export const HistoryEntry = type({ type: "string", uid: "string", text: "string", data: "string", success: "boolean", time: "string" });
export type HistoryEntry = typeof HistoryEntry.infer;
export const HistoryResult = type({ entries: HistoryEntry.array() });

import { type } from "arktype";
import { lazy } from "./lazy.ts";

/**
 * Tokens, launches and the launch history on the wire: `tokens`, `tokens.added`, `launch`, `run`, `launching`,
 * `tokens.history`. Shapes follow what the reference's clients read (../shared/notes/).
 */

export const Token = lazy(() => type({ type: "string", uid: "string", text: "string", data: "string", scanTime: "string", "readerId?": "string" }));
export type Token = typeof Token.infer;

export const TokensResult = lazy(() => type({ active: Token.array(), "last?": Token }));
export type TokensResult = typeof TokensResult.infer;

const LaunchFields = { "+": "delete", "type?": "string", "uid?": "string", "text?": "string", "data?": "string" } as const;
export const LaunchParams = lazy(() => type("string").or(type(LaunchFields)));
export type LaunchParams = typeof LaunchParams.infer;
/** The phone app's `run`: the same fields plus `unsafe` (the script did not come from the user: `execute` is refused). */
export const RunParams = lazy(() => type("string").or(type({ ...LaunchFields, "unsafe?": "boolean" })));
export type RunParams = typeof RunParams.infer;

/** Params of `launching`: script text entering the launch queue (after mappings). */
export const Launching = lazy(() => type({ type: "string", uid: "string", text: "string", data: "string" }));
export type Launching = typeof Launching.infer;

export const HistoryEntry = lazy(() => type({ type: "string", uid: "string", text: "string", data: "string", success: "boolean", time: "string" }));
export type HistoryEntry = typeof HistoryEntry.infer;
export const HistoryResult = lazy(() => type({ entries: HistoryEntry.array() }));

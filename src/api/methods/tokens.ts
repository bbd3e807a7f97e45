import { DomainError } from "../../core/errors.ts";
import { tokenView } from "../../core/token.ts";
import { HistoryResult, TokensResult, TraceResult } from "../../core/wire/tokens.ts";
import { type ScanTrace, TraceParams } from "../../core/wire/trace.ts";
import type { HistoryEntry } from "../../service/launch/history-repo.ts";
import type { LaunchService } from "../../service/launch/launch-service.ts";
import type { ReadersService } from "../../service/readers/readers-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** A stored trace, or undefined when the row has none (or it cannot be read). */
function storedTrace(e: HistoryEntry): ScanTrace | undefined {
  if (!e.traceJson) return undefined;
  try {
    return JSON.parse(e.traceJson) as ScanTrace;
  } catch {
    return undefined;
  }
}

/** The latest scan's trace: the scan the launch guard held when it is newer than the latest history entry. */
function latestTrace(launch: LaunchService): TraceResult {
  const [latest] = launch.history(1);
  const held = launch.guard.heldScan();
  if (held && (!latest || Date.parse(held.scanTime) >= Date.parse(latest.time))) {
    return { time: held.scanTime, held: held.status, ...(held.trace ? { trace: held.trace } : {}) };
  }
  if (!latest?.id) throw new DomainError("not-found", "no scan or launch yet");
  const stored = launch.historyEntry(latest.id);
  const trace = stored && storedTrace(stored);
  return trace ? { id: latest.id, time: latest.time, trace } : { id: latest.id, time: latest.time };
}

/** `tokens` (on the readers now, and the last scanned), `tokens.history` (latest launches) and `tokens.trace`. */
export function tokensMethods(deps: { readers: ReadersService; launch: LaunchService }) {
  return [
    defineMethod({
      name: "tokens",
      summary: "Tokens on the readers now, and the last token scanned.",
      params: null,
      result: TokensResult,
      handler: () => {
        const scanned = deps.readers.lastToken();
        const launched = deps.launch.lastToken(); // API launches count as the last token too
        const last = launched && (!scanned || launched.scanTime > scanned.scanTime) ? launched : scanned;
        const active = deps.readers.activeTokens().map(tokenView);
        return last ? { active, last: tokenView(last) } : { active };
      },
    }),
    defineMethod({
      name: "tokens.history",
      aliases: ["history"],
      summary: "Latest launches, newest first; each has an id (for tokens.trace), the newest 20 their scan trace.",
      params: null,
      result: HistoryResult,
      handler: () => ({
        entries: deps.launch.history().map((stored) => {
          const { error: _error, traceJson: _trace, ...e } = stored;
          const trace = storedTrace(stored);
          return trace ? { ...e, trace } : e;
        }),
      }),
    }),
    defineMethod({
      name: "tokens.trace",
      summary:
        "The scan trace of one history entry (by its id): source, mapping, script, each command, the launcher and why it failed. Without an id, the latest scan's: a scan the launch guard held has no history entry, and answers without an id, with its scan time and `held` (waiting for confirmation, or dropped and why).",
      params: TraceParams,
      result: TraceResult,
      example: { id: 1 },
      handler: (p) => {
        const id = p?.id;
        if (id === undefined) return latestTrace(deps.launch);
        const e = deps.launch.historyEntry(id);
        if (!e) throw new DomainError("not-found", `no history entry ${id}`);
        const trace = storedTrace(e);
        return trace ? { id, trace } : { id };
      },
    }),
  ];
}

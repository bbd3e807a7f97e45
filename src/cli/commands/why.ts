import type { ScanTrace } from "../../core/wire/trace.ts";
import type { TraceResult } from "../../core/wire/tokens.ts";
import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";
import { traceText } from "../../core/trace/text.ts";

interface Entry {
  id?: number;
  time: string;
  success: boolean;
  trace?: ScanTrace;
}

/** A held scan's trace as text: its result is what became of it (waiting, or dropped), not a failure. */
function heldText(trace: ScanTrace, heading: string, status: string): string {
  const lines = traceText(trace, heading).split("\n");
  const result = lines.findIndex((l) => l.startsWith("result:"));
  if (result >= 0) lines[result] = `result:   not launched: ${status}`;
  return lines.join("\n");
}

/**
 * `tapserve why [N]`: the scan trace of the Nth latest scan or launch (1: the latest) from the running service.
 * The latest may be a scan the launch guard held (it has no history entry): then that scan is explained.
 */
defineSubcommand("why", "why [N]: explain the Nth latest scan or launch (default 1, the latest)", async (_rt, cmd) => {
  const n = cmd.args[0] === undefined ? 1 : Number(cmd.args[0]);
  if (cmd.args.length > 1 || !Number.isInteger(n) || n < 1) {
    process.stderr.write("usage: tapserve why [N]   (N: 1 for the latest launch, 2 for the one before, …)\n");
    return 2;
  }
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  try {
    // the latest scan first: when the launch guard held it, it is #1 and the history's entries come after it
    // (an older service knows only ids and answers -32602: the history alone then)
    const latest = await client.call("tokens.trace");
    const held = latest.error ? undefined : (latest.result as TraceResult);
    const heldFirst = held?.held !== undefined && held.trace !== undefined;
    if (heldFirst && n === 1) {
      process.stdout.write(heldText(held.trace!, `#1 at ${held.time ?? "?"}: held by the launch guard`, held.held!));
      return 0;
    }
    const history = await client.call("tokens.history");
    if (history.error) return reportCallFailure(history.error);
    const entry = (history.result as { entries: Entry[] }).entries[heldFirst ? n - 2 : n - 1];
    if (!entry) {
      process.stderr.write(`no launch #${n} in the history\n`);
      return 1;
    }
    let trace = entry.trace;
    if (!trace && entry.id !== undefined) {
      const one = await client.call("tokens.trace", { id: entry.id });
      if (one.error) return reportCallFailure(one.error);
      trace = (one.result as { trace?: ScanTrace }).trace;
    }
    const heading = `#${n} at ${entry.time}: ${entry.success ? "launched" : "failed"}`;
    if (!trace) {
      process.stdout.write(`${heading}\n(no trace: recorded before traces were kept)\n`);
      return 0;
    }
    process.stdout.write(traceText(trace, heading));
    return 0;
  } finally {
    client.close();
  }
});

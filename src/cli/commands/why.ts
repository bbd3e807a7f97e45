import type { ScanTrace } from "../../core/wire/trace.ts";
import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";
import { traceText } from "../../core/trace/text.ts";

interface Entry {
  id?: number;
  time: string;
  success: boolean;
  trace?: ScanTrace;
}

/** `tapserve why [N]`: the scan trace of the Nth latest launch (1: the latest) from the running service. */
defineSubcommand("why", "why [N]: explain the Nth latest scan or launch (default 1, the latest)", async (_rt, cmd) => {
  const n = cmd.args[0] === undefined ? 1 : Number(cmd.args[0]);
  if (cmd.args.length > 1 || !Number.isInteger(n) || n < 1) {
    process.stderr.write("usage: tapserve why [N]   (N: 1 for the latest launch, 2 for the one before, …)\n");
    return 2;
  }
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  try {
    const history = await client.call("tokens.history");
    if (history.error) return reportCallFailure(history.error);
    const entry = (history.result as { entries: Entry[] }).entries[n - 1];
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

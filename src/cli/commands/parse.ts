import { zapScriptErrorText } from "../../core/zapscript/check.ts";
import { parseZapScript, showExpressions, ZapScriptError } from "../../core/zapscript/index.ts";
import type { ScanTrace } from "../../core/wire/trace.ts";
import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";
import { traceText } from "../../core/trace/text.ts";
import { commandSupport } from "../../core/zapscript/command-support.ts";
import { detectPlatform } from "../../platforms/detect.ts";

/**
 * `tapserve parse <text>`: shows what a tag's launch script would do, without running it, as JSON:
 * `{"commands":[{"name","args","advArgs"}],"platform":id,"runs":[{"command","ok","why"?,"note"?}]}` (whether this
 * device's platform can run each command, and why not), or `{"error":"..."}` with exit code 1.
 * `--explain`: asks the running service for a dry run of the text as a tag scanned on a reader (mappings, the
 * launch guard, each command, the launcher each launch would use, the allow lists and playtime limits it would
 * meet, or why it would fail on this device) and prints its trace; exit code 1 when the script would fail.
 */
defineSubcommand("parse", "parse [--explain] <text>: print what a launch script would run, without running it", async (_rt, cmd) => {
  if (cmd.args.length === 0) {
    process.stderr.write("usage: tapserve parse [--explain] <text>   (quote the text for your shell)\n");
    return 2;
  }
  const text = cmd.args.join(" ");
  if (cmd.explain) return explain(cmd, text);
  try {
    const parsed = parseZapScript(text);
    // expressions are marked in parsed arguments; shown as the `[[…]]` written
    const commands = parsed.commands.map((c) => ({ ...c, args: c.args.map(showExpressions), advArgs: Object.fromEntries(Object.entries(c.advArgs).map(([k, v]) => [k, showExpressions(v)])) }));
    const script = { ...parsed, commands };
    const platform = detectPlatform();
    const runs = script.commands.map((c) => ({ command: c.name, ...commandSupport(c.name, platform) }));
    process.stdout.write(`${JSON.stringify({ ...script, platform, runs })}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ZapScriptError)) throw err;
    process.stdout.write(`${JSON.stringify({ error: zapScriptErrorText(err) })}\n`);
    return 1;
  }
});

async function explain(cmd: { url?: string; port?: number }, text: string): Promise<number> {
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  try {
    const answer = await client.call("launch", { text, dryRun: true, source: "reader" });
    if (answer.error) return reportCallFailure(answer.error);
    const trace = answer.result as ScanTrace;
    process.stdout.write(traceText(trace));
    return trace.ok ? 0 : 1;
  } finally {
    client.close();
  }
}

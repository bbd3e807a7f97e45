import { zapScriptErrorText } from "../../core/zapscript/check.ts";
import { parseZapScript, ZapScriptError } from "../../core/zapscript/index.ts";
import { defineSubcommand } from "../subcommands.ts";

/**
 * `tapserve parse <text>`: shows what a tag's launch script would do, without running it, as JSON:
 * `{"commands":[{"name","args","advArgs"}]}`, or `{"error":"..."}` with exit code 1.
 */
defineSubcommand("parse", "parse <text>: print what a launch script would run, as JSON, without running it", async (_rt, cmd) => {
  if (cmd.args.length === 0) {
    process.stderr.write("usage: tapserve parse <text>   (quote the text for your shell)\n");
    return 2;
  }
  const text = cmd.args.join(" ");
  try {
    process.stdout.write(`${JSON.stringify(parseZapScript(text))}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ZapScriptError)) throw err;
    process.stdout.write(`${JSON.stringify({ error: zapScriptErrorText(err) })}\n`);
    return 1;
  }
});

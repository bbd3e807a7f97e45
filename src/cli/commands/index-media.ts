import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";
import { type IndexProgress, progressLine } from "../progress-line.ts";

/**
 * `tapserve index [SYSTEM …]`: runs `media.index` on the running service and shows its `media.indexing`
 * progress: a redrawn bar on a terminal, one line per system otherwise (logs, pipes). Ends with the total.
 */
defineSubcommand("index", "index [system …]: rebuild the media index (all systems, or those named), with progress", async (_rt, cmd) => {
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  const tty = process.stdout.isTTY === true;
  const width = () => (tty ? process.stdout.columns || Number(process.env.COLUMNS) || 80 : 0);
  let lastStep = -1;
  let drawn = false;
  client.onNotification((method, params) => {
    if (method !== "media.indexing") return;
    const p = params as IndexProgress;
    if (!p.indexing) return;
    if (tty) {
      process.stdout.write(`\r${progressLine(p, width())}\x1b[K`);
      drawn = true;
    } else if (p.currentStep !== lastStep) {
      lastStep = p.currentStep ?? lastStep;
      process.stdout.write(`${progressLine(p, 0)}\n`);
    }
  });
  const params = cmd.args.length > 0 ? { systems: cmd.args } : undefined;
  const answer = await client.call("media.index", params);
  if (drawn) process.stdout.write("\r\x1b[K");
  if (answer.error) {
    client.close();
    return reportCallFailure(answer.error);
  }
  const status = await client.call("media");
  client.close();
  const total = (status.result as { database?: { totalMedia?: number } } | undefined)?.database?.totalMedia;
  process.stdout.write(`index complete: ${total ?? 0} media${params ? ` (re-indexed ${cmd.args.join(", ")})` : ""}\n`);
  return 0;
});

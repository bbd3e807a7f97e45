import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";

/**
 * `tapserve write-playing`: writes the launch script of what is playing to the next tag presented
 * (`readers.write.playing`). Ctrl-C cancels the wait on the service too (`readers.write.cancel`).
 */
defineSubcommand("write-playing", "write-playing: write what is playing to the next tag presented on a reader", async (_rt, cmd) => {
  if (cmd.args.length > 0) {
    process.stderr.write("usage: tapserve write-playing [--url ws://host:port/]\n");
    return 2;
  }
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    void client.call("readers.write.cancel");
  };
  process.once("SIGINT", onInterrupt);
  try {
    const call = client.call("readers.write.playing"); // sent before the prompt: a tag placed after it is the one
    process.stderr.write("Place a tag on a reader that can write (Ctrl-C cancels)…\n");
    const answer = await call;
    if (answer.error) {
      if (interrupted) process.stderr.write("cancelled\n");
      return interrupted ? 130 : reportCallFailure(answer.error);
    }
    const { text, readerId } = answer.result as { text: string; readerId: string };
    process.stdout.write(`wrote ${JSON.stringify(text)} to the tag on ${readerId} (read back and verified)\n`);
    return 0;
  } finally {
    process.off("SIGINT", onInterrupt);
    client.close();
  }
});

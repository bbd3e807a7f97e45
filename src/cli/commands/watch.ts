import { connectCommand, EXIT_UNREACHABLE } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";

defineSubcommand("watch", "watch: print the running service's notifications as JSON lines until interrupted", async (_rt, cmd) => {
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  return new Promise<number>((resolve) => {
    client.onNotification((method, params) => {
      process.stdout.write(`${JSON.stringify(params === undefined ? { method } : { method, params })}\n`);
    });
    client.onClose(() => {
      process.stderr.write("connection closed by the service\n");
      resolve(1);
    });
    const stop = () => {
      client.close();
      resolve(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
});

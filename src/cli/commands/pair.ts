import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";

defineSubcommand("pair", "pair: show a PIN to pair a phone with the running service (valid 5 minutes)", async (_rt, cmd) => {
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  const answer = await client.call(cmd.args[0] === "cancel" ? "clients.pair.cancel" : "clients.pair.start");
  client.close();
  if (answer.error) {
    return reportCallFailure(answer.error);
  }
  if (cmd.args[0] === "cancel") {
    process.stdout.write("pairing window closed\n");
    return 0;
  }
  const { pin, expiresAt } = answer.result as { pin: string; expiresAt: string };
  process.stdout.write(`Pairing PIN: ${pin}\nEnter it in the app before ${expiresAt}.\n`);
  return 0;
});

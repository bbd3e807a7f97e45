import { ServiceClient, serviceUrl } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";

defineSubcommand("pair", "pair: show a PIN to pair a phone with the running service (valid 5 minutes)", async (_rt, cmd) => {
  let client: ServiceClient;
  try {
    client = await ServiceClient.connect(serviceUrl(cmd));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 3;
  }
  const answer = await client.call(cmd.args[0] === "cancel" ? "clients.pair.cancel" : "clients.pair.start");
  client.close();
  if (answer.error) {
    process.stderr.write(`${answer.error.message} (code ${answer.error.code})\n`);
    return 1;
  }
  if (cmd.args[0] === "cancel") {
    process.stdout.write("pairing window closed\n");
    return 0;
  }
  const { pin, expiresAt } = answer.result as { pin: string; expiresAt: string };
  process.stdout.write(`Pairing PIN: ${pin}\nEnter it in the app before ${expiresAt}.\n`);
  return 0;
});

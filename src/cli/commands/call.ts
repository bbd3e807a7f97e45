import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand } from "../subcommands.ts";

defineSubcommand("call", "call <method> [json-params]: call a method on the running service, print the result", async (_rt, cmd) => {
  const [method, paramsText, ...extra] = cmd.args;
  if (!method || extra.length > 0) {
    process.stderr.write("usage: tapserve call <method> [json-params] [--url ws://host:port/]\n");
    return 2;
  }
  let params: unknown;
  if (paramsText !== undefined) {
    try {
      params = JSON.parse(paramsText);
    } catch (err) {
      process.stderr.write(`params are not valid JSON: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  const answer = await client.call(method, params);
  client.close();
  if (answer.error) {
    return reportCallFailure(answer.error);
  }
  process.stdout.write(`${JSON.stringify(answer.result ?? null, null, 2)}\n`);
  return 0;
});

import type { Runtime } from "../runtime/types.ts";
import type { CliCommand } from "./args.ts";

type Subcommand = Extract<CliCommand, { kind: "subcommand" }>;
export type SubcommandHandler = (runtime: Runtime, cmd: Subcommand, env: Record<string, string | undefined>) => Promise<number>;

const handlers = new Map<string, SubcommandHandler>();

export function addSubcommandHandler(name: string, handler: SubcommandHandler): void {
  handlers.set(name, handler);
}

export async function runSubcommand(runtime: Runtime, cmd: Subcommand, env: Record<string, string | undefined>): Promise<number> {
  const handler = handlers.get(cmd.name);
  if (!handler) {
    process.stderr.write(`unknown command: ${cmd.name}\n`);
    return 2;
  }
  return handler(runtime, cmd, env);
}

import type { Runtime } from "../runtime/types.ts";
import type { CliCommand } from "./args.ts";

export type Subcommand = Extract<CliCommand, { kind: "subcommand" }>;
export type SubcommandHandler = (runtime: Runtime, cmd: Subcommand, env: Record<string, string | undefined>) => Promise<number>;

interface Entry {
  summary: string;
  handler: SubcommandHandler;
}

const registry = new Map<string, Entry>();

/**
 * Registers a CLI subcommand (`tapserve <name> …`). Each lives in its own file under src/cli/commands/ and is
 * imported by src/cli/commands/index.ts.
 */
export function defineSubcommand(name: string, summary: string, handler: SubcommandHandler): void {
  registry.set(name, { summary, handler });
}

export function subcommandList(): Array<[string, string]> {
  return [...registry.entries()].map(([n, e]) => [n, e.summary]);
}

export function hasSubcommand(name: string): boolean {
  return registry.has(name);
}

export async function runSubcommand(runtime: Runtime, cmd: Subcommand, env: Record<string, string | undefined>): Promise<number> {
  const entry = registry.get(cmd.name);
  if (!entry) {
    process.stderr.write(`unknown command: ${cmd.name}\n`);
    return 2;
  }
  return entry.handler(runtime, cmd, env);
}

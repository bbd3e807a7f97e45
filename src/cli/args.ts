import { parseArgs } from "node:util";
import { SERVICE_NAME } from "../version.ts";
import { hasSubcommand, subcommandList } from "./subcommands.ts";

export interface ServeArgs {
  kind: "serve";
  port?: number;
  configPath?: string;
  dataDir?: string;
  host?: string;
}
export type CliCommand =
  | ServeArgs
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "error"; message: string }
  | { kind: "subcommand"; name: string; args: string[]; port?: number; dataDir?: string; configPath?: string; url?: string; explain?: boolean; options?: SubcommandOptions };

/** Options only some commands read (`cards render --out f.pdf --template id1-portrait --paper letter`). */
export interface SubcommandOptions {
  out?: string;
  template?: string;
  paper?: string;
}

export function helpText(): string {
  const subs = subcommandList()
    .map(([n, s]) => `  ${n.padEnd(22)}${s}`)
    .join("\n");
  return `Usage: ${SERVICE_NAME} [options]            run the service
       ${SERVICE_NAME} <command> [args]       run a command (see below)

Options:
  --port <n>           listen port (default 7497; env TAPSERVE_PORT)
  --host <addr>        listen address (default 0.0.0.0 and ::, all interfaces; env TAPSERVE_HOST)
  --config <file>      config file (default <data-dir>/config.toml; env TAPSERVE_CONFIG)
  --data-dir <dir>     data folder for config, databases and logs (env TAPSERVE_DATA_DIR)
  --url <ws-url>       service to talk to, for commands (default ws://127.0.0.1:<port>/)
  --explain            parse: ask the running service for a dry run and print its trace
  --out <file>         cards render: the file to write
  --template <id>      cards render: label format (id1-landscape, id1-portrait, round-25, round-30, insert-3.5x5)
  --paper <a4|letter>  cards render: sheet size
  -h, --help           show this help
  -v, --version        print the version
${subs ? `\nCommands:\n${subs}\n` : ""}`;
}

/** Parses argv (without the executable and script), then lets env fill what flags did not set. */
export function parseCli(argv: string[], env: Record<string, string | undefined>): CliCommand {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        config: { type: "string" },
        "data-dir": { type: "string" },
        url: { type: "string" },
        explain: { type: "boolean" },
        out: { type: "string" },
        template: { type: "string" },
        paper: { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (err) {
    return { kind: "error", message: (err as Error).message };
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help) return { kind: "help" };
  if (v.version) return { kind: "version" };
  const portText = (v.port as string | undefined) ?? env.TAPSERVE_PORT;
  let port: number | undefined;
  if (portText !== undefined && portText !== "") {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) return { kind: "error", message: `invalid port: ${portText}` };
  }
  const configPath = (v.config as string | undefined) ?? (env.TAPSERVE_CONFIG || undefined);
  const dataDir = (v["data-dir"] as string | undefined) ?? (env.TAPSERVE_DATA_DIR || undefined);
  const [first, ...rest] = parsed.positionals;
  if (first !== undefined) {
    if (!hasSubcommand(first)) return { kind: "error", message: `unknown command: ${first} (see --help)` };
    return { kind: "subcommand", name: first, args: rest, port, dataDir, configPath, url: v.url as string | undefined, ...(v.explain ? { explain: true } : {}), ...subcommandOptions(v) };
  }
  const host = (v.host as string | undefined) ?? (env.TAPSERVE_HOST || undefined);
  return { kind: "serve", port, configPath, dataDir, host };
}

function subcommandOptions(v: Record<string, string | boolean | undefined>): { options?: SubcommandOptions } {
  const options: SubcommandOptions = {};
  for (const k of ["out", "template", "paper"] as const) if (typeof v[k] === "string") options[k] = v[k] as string;
  return Object.keys(options).length ? { options } : {};
}

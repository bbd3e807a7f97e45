import { App } from "../app.ts";
import { ConfigError } from "../config/store.ts";
import { log } from "../log.ts";
import { detectPlatform } from "../platforms/detect.ts";
import { defaultDataDir } from "../platforms/data-dir.ts";
import type { Runtime } from "../runtime/types.ts";
import { SERVICE_NAME, SERVICE_VERSION } from "../version.ts";
import { helpText, parseCli } from "./args.ts";
import "./commands/index.ts";
import { runSubcommand } from "./subcommands.ts";

/**
 * Entry logic shared by both runtimes: argv/env → config → app → start; signals → stop.
 * Returns the process exit code; only main.ts exits.
 */
export async function runCli(runtime: Runtime, argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const cmd = parseCli(argv, env);
  switch (cmd.kind) {
    case "help":
      process.stdout.write(helpText());
      return 0;
    case "version":
      process.stdout.write(`${SERVICE_NAME} ${SERVICE_VERSION}\n`);
      return 0;
    case "error":
      process.stderr.write(`${SERVICE_NAME}: ${cmd.message}\n`);
      return 2;
    case "subcommand":
      return runSubcommand(runtime, cmd, env);
    case "serve":
      break;
  }
  const dataDir = cmd.dataDir ?? defaultDataDir(detectPlatform(), env);
  const mdnsEnv = env.TAPSERVE_MDNS?.toLowerCase();
  const mdns = mdnsEnv === undefined || mdnsEnv === "" ? undefined : !["0", "off", "false", "no"].includes(mdnsEnv);
  const app = new App({ runtime, dataDir, configPath: cmd.configPath, port: cmd.port, host: cmd.host, mdns });
  try {
    await app.start();
    runtime.settled?.();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${SERVICE_NAME}: ${err.message}\n`);
      await app.stop();
      return 78; // EX_CONFIG
    }
    log.error("could not start:", err);
    await app.stop();
    return 1;
  }
  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal} received, shutting down`);
      app.stop().then(() => resolve(0), () => resolve(1));
    };
    process.on("SIGINT", () => onSignal("SIGINT"));
    process.on("SIGTERM", () => onSignal("SIGTERM"));
  });
}

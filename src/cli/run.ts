import { join } from "node:path";
import { detectPlatform } from "../platforms/detect.ts";
import { defaultDataDir } from "../platforms/data-dir.ts";
import type { Runtime } from "../runtime/types.ts";
import { SERVICE_NAME, SERVICE_VERSION } from "../version.ts";
import { helpText, parseCli } from "./args.ts";
import { runSubcommand } from "./subcommands.ts";

/**
 * Entry logic shared by both runtimes: argv/env → config → app → start; signals → stop.
 * Returns the process exit code; only main.ts exits. The service's modules load only for `serve`, the
 * subcommands' only when a command line names one.
 */
export async function runCli(runtime: Runtime, argv: string[], env: Record<string, string | undefined>): Promise<number> {
  let cmd = parseCli(argv, env);
  if (cmd.kind !== "serve" && cmd.kind !== "version") {
    await import("./commands/index.ts"); // each registers itself; then the command line is read again
    cmd = parseCli(argv, env);
  }
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
  const configPath = cmd.configPath ?? join(dataDir, "config.toml");
  const [{ App }, { ConfigError }, { log }] = await Promise.all([import("../app.ts"), import("../config/store.ts"), import("../log.ts")]);
  const app = new App({ runtime, dataDir, configPath, port: cmd.port, host: cmd.host, mdns });
  // Heard from before the start: a SIGTERM while it starts must still stop it cleanly, once it is up.
  const signalled = new Promise<string>((resolve) => {
    process.on("SIGINT", () => resolve("SIGINT"));
    process.on("SIGTERM", () => resolve("SIGTERM"));
  });
  try {
    await app.start();
    runtime.settled?.();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${SERVICE_NAME}: ${err.message}\n`);
      await app.stop();
      return 78; // EX_CONFIG
    }
    // a port in use (another service, or this one started twice) is said plainly, without a stack
    if ((err as { code?: unknown }).code === "EADDRINUSE") log.error(`could not start: ${(err as Error).message}`);
    else log.error("could not start:", err);
    await app.stop();
    return 1;
  }
  const signal = await signalled;
  log.info(`${signal} received, shutting down`);
  return app.stop().then(
    () => 0,
    () => 1,
  );
}

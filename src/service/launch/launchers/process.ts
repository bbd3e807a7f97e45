import { spawn } from "node:child_process";
import { log } from "../../../log.ts";
import { LaunchError, type RunningMedia } from "./types.ts";

const logger = log.withTag("launch");

/** Default time between SIGTERM and SIGKILL when stopping a launched process. */
export const STOP_GRACE_MS = 3000;

/**
 * Starts `argv` as a tracked process in its own process group (so stopping it also ends what it started) and
 * resolves once the kernel has spawned it. Output is discarded.
 */
export function spawnMedia(argv: readonly string[], opts: { graceMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<RunningMedia> {
  const [cmd, ...args] = argv;
  if (!cmd) return Promise.reject(new LaunchError("launcher command is empty"));
  const graceMs = opts.graceMs ?? STOP_GRACE_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: "ignore", env: opts.env ?? process.env });
    let exitedFlag = false;
    const exited = new Promise<void>((done) => {
      child.once("exit", (code, signal) => {
        exitedFlag = true;
        logger.debug(`process ${child.pid} (${cmd}) ended: ${signal ?? `exit ${code}`}`);
        done();
      });
    });
    child.once("error", (err) => reject(new LaunchError(`cannot start ${cmd}: ${(err as NodeJS.ErrnoException).code ?? err.message}`)));
    child.once("spawn", () => {
      const pid = child.pid!;
      child.unref(); // the service may stop while the game keeps running
      const signalGroup = (sig: NodeJS.Signals) => {
        try {
          process.kill(-pid, sig);
        } catch {
          try {
            child.kill(sig);
          } catch {}
        }
      };
      resolve({
        pid,
        exited,
        async stop() {
          if (exitedFlag) return;
          signalGroup("SIGTERM");
          let timer: ReturnType<typeof setTimeout> | undefined;
          const killed = new Promise<void>((r) => {
            timer = setTimeout(() => {
              if (!exitedFlag) {
                logger.warn(`process ${pid} ignored SIGTERM for ${graceMs} ms; sending SIGKILL`);
                signalGroup("SIGKILL");
              }
              r();
            }, graceMs);
          });
          await Promise.race([exited, killed]);
          clearTimeout(timer);
          await exited;
        },
      });
    });
  });
}

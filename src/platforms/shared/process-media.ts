import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { LaunchError, type RunningMedia } from "./launcher.ts";

const logger = log.withTag("launch");

/** Default time between SIGTERM and SIGKILL when stopping a launched process. */
export const STOP_GRACE_MS = 3000;

export type Spawn = Runtime["spawn"];

/**
 * Starts `argv` as a tracked process in its own process group (so stopping it also ends what it started) and
 * resolves once the kernel has spawned it. Output is discarded; the process may outlive the service.
 */
export async function spawnMedia(spawn: Spawn, argv: readonly string[], opts: { graceMs?: number; env?: Record<string, string | undefined> } = {}): Promise<RunningMedia> {
  const cmd = argv[0];
  if (!cmd) throw new LaunchError("launcher command is empty");
  const graceMs = opts.graceMs ?? STOP_GRACE_MS;
  let child;
  try {
    child = await spawn(argv, { detached: true, env: opts.env });
  } catch (err) {
    throw new LaunchError(`cannot start ${cmd}: ${(err as Error).message}`);
  }
  const { pid } = child;
  let ended = false;
  const exited = child.exited.then((e) => {
    ended = true;
    logger.debug(`process ${pid} (${cmd}) ended: ${e.signal ?? `exit ${e.code}`}`);
  });
  return {
    pid,
    exited,
    async stop() {
      if (ended) return;
      child.kill("SIGTERM");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const killed = new Promise<void>((r) => {
        timer = setTimeout(() => {
          if (!ended) {
            logger.warn(`process ${pid} ignored SIGTERM for ${graceMs} ms; sending SIGKILL`);
            child.kill("SIGKILL");
          }
          r();
        }, graceMs);
      });
      await Promise.race([exited, killed]);
      clearTimeout(timer);
      await exited;
    },
  };
}

import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { LaunchError, type RunningMedia } from "./launcher.ts";
import { ProcessTree } from "./process-tree.ts";

const logger = log.withTag("launch");

/** Default time between SIGTERM and SIGKILL when stopping a launched process. */
export const STOP_GRACE_MS = 3000;

export type Spawn = Runtime["spawn"];

/** Follow the launched process's whole tree in /proc: the media ends when the last of them has (see ProcessTree). */
export interface TreeTracking {
  procRoot?: string;
  /** How often /proc is looked at after the launched process itself ended (default 1 s). */
  intervalMs?: number;
}

/**
 * Starts `argv` as a tracked process in its own process group (so stopping it also ends what it started) and
 * resolves once the kernel has spawned it. Output is discarded; the process may outlive the service. With
 * `tree`, the media lasts as long as any process of its tree (a wrapper such as `flatpak run` may exit while
 * the game it started plays on), and stopping signals the whole tree.
 */
export async function spawnMedia(
  spawn: Spawn,
  argv: readonly string[],
  opts: { graceMs?: number; env?: Record<string, string | undefined>; tree?: TreeTracking } = {},
): Promise<RunningMedia> {
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
  const tree = opts.tree ? new ProcessTree(pid, opts.tree.procRoot) : undefined;
  // looked at while the launched process runs too, so a child that leaves the session is known before it is orphaned
  const watching = tree && watchTree(tree, opts.tree?.intervalMs ?? 1000);
  let ended = false;
  const exited = child.exited
    .then((e) => {
      logger.debug(`process ${pid} (${cmd}) ended: ${e.signal ?? `exit ${e.code}`}`);
      if (watching) return watching.gone(cmd);
    })
    .then(() => {
      ended = true;
    });
  return {
    pid,
    exited,
    async stop() {
      if (ended) return;
      child.kill("SIGTERM");
      tree?.signal("SIGTERM");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const killed = new Promise<void>((r) => {
        timer = setTimeout(() => {
          if (!ended) {
            logger.warn(`process ${pid} ignored SIGTERM for ${graceMs} ms; sending SIGKILL`);
            child.kill("SIGKILL");
            tree?.signal("SIGKILL");
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

/** Refreshes `tree` every `intervalMs` from the launch on; `gone` resolves once none of it runs any more. */
function watchTree(tree: ProcessTree, intervalMs: number): { gone(cmd: string): Promise<void> } {
  let left = tree.refresh();
  let done: (() => void) | undefined;
  const timer = setInterval(() => {
    left = tree.refresh();
    if (left.length === 0 && done) {
      clearInterval(timer);
      done();
    }
  }, intervalMs);
  (timer as { unref?: () => void }).unref?.();
  return {
    gone(cmd) {
      left = tree.refresh();
      if (left.length === 0) {
        clearInterval(timer);
        return Promise.resolve();
      }
      logger.debug(`${cmd} ended; following ${left.length} process(es) it started: ${left.join(", ")}`);
      return new Promise<void>((r) => (done = r));
    },
  };
}

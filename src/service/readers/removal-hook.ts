/**
 * `readers.scan.on_remove` in hold mode, as the reference runs it: when a token leaves its reader the hook runs
 * first (beside the launch queue, so it may wait: `**delay:…`), and only when it ran to the end does the exit
 * start (then `exit_delay` in insert-mode.ts). Putting the same token back while a hook with a `delay` runs
 * cancels it at its next wait: its remaining commands do not run. Either way there is then no exit and the token
 * is not launched again (a hook without `delay` runs to its end, as the reference runs it before it reads the next
 * scan). A failing hook keeps the media running. A reader that fails, another token launching (it owns the exit
 * from then on), or the service stopping, cancels a waiting hook too.
 */
import { parseZapScript } from "../../core/zapscript/index.ts";
import type { ScannedToken } from "../../core/token.ts";
import { log } from "../../log.ts";
import { sameToken } from "./token-state.ts";

const logger = log.withTag("readers");

export type RunHook = (name: string, script: string, scanned?: ScannedToken, cancel?: AbortSignal) => Promise<boolean>;

export class RemovalHook {
  private running: { token: ScannedToken; readerId: string; abort: AbortController; delayed: boolean } | null = null;

  constructor(private readonly runHook: RunHook) {}

  /**
   * Runs `script` for `token`, which left `readerId`; `exit` is called when it ran to the end, unless it was
   * cancelled or a token is on that reader again by then (`tokenOn`: it takes over, as in the reference).
   */
  start(script: string, token: ScannedToken, readerId: string, tokenOn: (readerId: string) => boolean, exit: () => void): void {
    this.cancel("another removal");
    const run = { token, readerId, abort: new AbortController(), delayed: hasDelay(script) };
    this.running = run;
    this.runHook("readers.scan.on_remove", script, undefined, run.abort.signal)
      .then((ok) => {
        if (this.running !== run) return; // cancelled: the outcome no longer matters
        this.running = null;
        if (!ok) logger.warn("readers.scan.on_remove failed: the media keeps running");
        else if (!tokenOn(readerId)) exit();
      })
      .catch((err) => logger.error("readers.scan.on_remove:", err));
  }

  /**
   * A token arrived: true when it is the one whose removal hook is running (the media keeps running, the token is
   * not launched again); a hook that waits (`delay`) is cancelled, another runs on but exits nothing.
   */
  putBack(token: ScannedToken): boolean {
    const run = this.running;
    if (!run || !sameToken(run.token, token)) return false;
    if (run.delayed) this.cancel("removed token put back");
    return true;
  }

  /** Another token is launching: it owns hold-mode exit now, so a hook that waits (`delay`) is cancelled. */
  launching(token: ScannedToken): void {
    const run = this.running;
    if (run?.delayed && !sameToken(run.token, token)) this.cancel("another token launched");
  }

  /** The reader went away (failed or unplugged): its pending removal hook is cancelled. */
  readerGone(readerId: string): void {
    if (this.running?.readerId === readerId) this.cancel("reader gone");
  }

  cancel(why = "service stopping"): void {
    const run = this.running;
    if (!run) return;
    this.running = null;
    logger.info(`readers.scan.on_remove cancelled (${why}); no exit`);
    run.abort.abort();
  }
}

/** The reference runs an on_remove hook beside the scans (cancellable) only when it holds a `delay` command. */
function hasDelay(script: string): boolean {
  try {
    return parseZapScript(script).commands.some((c) => c.name === "delay");
  } catch {
    return false;
  }
}

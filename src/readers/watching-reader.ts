/**
 * The shared half of readers that look for their token themselves (a file, a disc, mounted drives) rather than
 * being told by hardware: connected while open and their watch works; the token on them is what `report` was
 * last given, identified by a key, so the same token seen again is nothing, a new one a scan, none a removal.
 */
import type { Reader, ReaderCapability, ReaderEvents, TokenRead } from "./types.ts";

export abstract class WatchingReader implements Reader {
  abstract readonly driver: string;
  abstract readonly path: string;
  abstract readonly readerId: string;
  abstract readonly info: string;
  readonly capabilities: readonly ReaderCapability[] = ["removable"];
  protected events: ReaderEvents | null = null;
  protected alive = false;
  /** What identifies the token on the reader now, or null. */
  protected current: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  abstract open(events: ReaderEvents): Promise<void>;

  connected(): boolean {
    return this.alive;
  }

  hasToken(): boolean {
    return this.current !== null;
  }

  async close(): Promise<void> {
    this.end();
  }

  /** Starts reporting to `events`; with `pollMs`, `check` also runs that often (never keeping the process up). */
  protected begin(events: ReaderEvents, poll?: { ms: number; check: () => void }): void {
    this.events = events;
    this.alive = true;
    if (!poll) return;
    this.timer = setInterval(poll.check, poll.ms);
    this.timer.unref?.();
  }

  /** Stops reporting (and polling). */
  protected end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.events = null;
    this.alive = false;
  }

  /** What is on the reader now: the token `key` identifies (`read` describes it), or nothing (null). Reports a change only. */
  protected report(key: null): void;
  protected report(key: string | null, read: () => TokenRead): void;
  protected report(key: string | null, read?: () => TokenRead): void {
    if (key === this.current || !this.events) return;
    const had = this.current !== null;
    this.current = key;
    if (key !== null) this.events.token(read!());
    else if (had) this.events.removed();
  }
}

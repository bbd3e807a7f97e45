/**
 * A reader driver below the ReaderDriver seam (src/readers/types.ts), for tests of the reader manager, insert
 * mode and the readers module without hardware. The test is the hardware: `plug` / `unplug` paths (detection
 * and hot-plug callbacks follow), make paths refuse to open, `present` and `remove` tokens on a reader, and read
 * what was written to it.
 */
import { type Reader, type ReaderCapability, type ReaderDriver, type ReaderEvents, ReaderWriteError, type TokenRead } from "../../src/readers/types.ts";

export class FakeReader implements Reader {
  readonly readerId: string;
  readonly info: string;
  capabilities: ReaderCapability[];
  /** Texts written through `write`, in order. */
  readonly writes: string[] = [];
  private events: ReaderEvents | null = null;
  private token: TokenRead | null = null;

  constructor(
    private readonly d: FakeReaderDriver,
    readonly path: string,
  ) {
    this.readerId = `${d.id}-${path}`;
    this.info = `fake ${d.id} (${path})`;
    this.capabilities = [...d.capabilities];
  }

  get driver(): string {
    return this.d.id;
  }

  get isOpen(): boolean {
    return this.events !== null;
  }

  connected(): boolean {
    return this.events !== null && this.d.isPlugged(this.path);
  }

  hasToken(): boolean {
    return this.token !== null;
  }

  async open(events: ReaderEvents): Promise<void> {
    if (this.d.failing.has(this.path) || !this.d.isPlugged(this.path)) throw new Error(`${this.path} absent`);
    this.events = events;
    this.d.opened.push(this);
    const waiting = this.d.onReader.get(this.path);
    if (waiting) events.token(waiting);
    if (waiting) this.token = waiting;
  }

  async close(): Promise<void> {
    this.events = null;
    this.token = null;
  }

  /** A token arrives on the reader (or the one on it changes). */
  present(read: Partial<TokenRead> & { uid: string }): void {
    this.token = { type: "fake", text: "", data: "", ...read };
    this.events?.token(this.token);
  }

  /** The token leaves the reader. */
  remove(): void {
    if (!this.token) return;
    this.token = null;
    this.events?.removed();
  }

  async write(text: string): Promise<void> {
    if (!this.capabilities.includes("write")) throw new ReaderWriteError("unsupported", "this reader cannot write");
    if (!this.token) throw new ReaderWriteError("no-tag", "no tag on the reader");
    this.writes.push(text);
  }
}

export class FakeReaderDriver implements ReaderDriver {
  readonly names: string[];
  /** Paths whose open fails although the device is there. */
  readonly failing = new Set<string>();
  /** Every reader opened, in order. */
  readonly opened: FakeReader[] = [];
  /** A token already on the reader when it opens, per path. */
  readonly onReader = new Map<string, TokenRead>();
  private readonly plugged = new Set<string>();
  private change: (() => void) | null = null;

  constructor(
    readonly id: string,
    readonly autoDetect = false,
    readonly capabilities: readonly ReaderCapability[] = ["removable"],
  ) {
    this.names = [id.replaceAll("_", "")];
  }

  create(path: string): FakeReader {
    return new FakeReader(this, path);
  }

  async detect(exclude: ReadonlySet<string>): Promise<string[]> {
    return [...this.plugged].filter((p) => !exclude.has(p));
  }

  onChange(listener: () => void): void {
    this.change = listener;
  }

  isPlugged(path: string): boolean {
    return this.plugged.has(path);
  }

  /** The device appears; with `announce`, the driver reports a hardware change (hot plug). */
  plug(path: string, announce = false): void {
    this.plugged.add(path);
    if (announce) this.change?.();
  }

  unplug(path: string, announce = true): void {
    this.plugged.delete(path);
    if (announce) this.change?.();
  }

  /** The open reader on `path` (the newest). */
  reader(path: string): FakeReader {
    const r = this.opened.findLast((x) => x.path === path && x.isOpen);
    if (!r) throw new Error(`no open fake reader on ${path}`);
    return r;
  }
}

/**
 * `file:/abs/path`: the file's content (trimmed) is a token while the file exists and is not empty; deleting
 * or emptying it removes the token. Handy for scripts and tests. Changes are seen through a directory watch,
 * with a slow poll as a safety net.
 */
import { existsSync, type FSWatcher, readFileSync, statSync, watch } from "node:fs";
import { basename, dirname, isAbsolute } from "node:path";
import { log } from "../../log.ts";
import { toHex } from "../../core/bytes.ts";
import { readerIdFor } from "../reader-id.ts";
import type { Reader, ReaderCapability, ReaderDriver, ReaderEvents } from "../types.ts";

const logger = log.withTag("file-reader");
const MAX_BYTES = 64 * 1024;

export class FileReader implements Reader {
  readonly driver = "file";
  readonly readerId: string;
  readonly info: string;
  readonly capabilities: readonly ReaderCapability[] = ["removable"];
  private events: ReaderEvents | null = null;
  private watcher: FSWatcher | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private current: string | null = null;
  private alive = false;
  private tooLargeLogged = false;

  constructor(
    readonly path: string,
    private readonly pollMs = 1000,
  ) {
    this.readerId = readerIdFor(this.driver, path);
    this.info = `File (${path})`;
  }

  connected(): boolean {
    return this.alive;
  }

  hasToken(): boolean {
    return this.current !== null;
  }

  async open(events: ReaderEvents): Promise<void> {
    if (!isAbsolute(this.path)) throw new Error(`file reader path must be absolute: "${this.path}"`);
    const dir = dirname(this.path);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`folder ${dir} does not exist`);
    this.events = events;
    this.alive = true;
    const name = basename(this.path);
    this.watcher = watch(dir, { persistent: false }, (_event, file) => {
      if (file === null || file === name) this.check();
    });
    this.watcher.on("error", () => (this.alive = false));
    this.timer = setInterval(() => this.check(), this.pollMs);
    this.timer.unref?.();
    this.check();
  }

  async close(): Promise<void> {
    this.watcher?.close();
    this.watcher = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.events = null;
    this.alive = false;
  }

  private read(): string | null {
    try {
      const st = statSync(this.path);
      if (!st.isFile()) return null;
      if (st.size > MAX_BYTES) {
        if (!this.tooLargeLogged) logger.warn(`${this.path} is ${st.size} bytes; token files are limited to ${MAX_BYTES}`);
        this.tooLargeLogged = true;
        return null;
      }
      this.tooLargeLogged = false;
      const text = readFileSync(this.path, "utf8").trim();
      return text === "" ? null : text;
    } catch {
      return null;
    }
  }

  private check(): void {
    if (!this.events) return;
    if (!existsSync(dirname(this.path))) {
      this.alive = false;
      return;
    }
    const text = this.read();
    if (text === this.current) return;
    const had = this.current !== null;
    this.current = text;
    if (text === null) {
      if (had) this.events.removed();
      return;
    }
    const bytes = new TextEncoder().encode(text);
    this.events.token({ type: "file", uid: "", text, data: toHex(bytes) });
  }
}

export function fileDriver(pollMs?: number): ReaderDriver {
  return { id: "file", names: ["file"], autoDetect: false, create: (path) => new FileReader(path, pollMs) };
}

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
import type { ReaderDriver, ReaderEvents } from "../types.ts";
import { WatchingReader } from "../watching-reader.ts";

const logger = log.withTag("file-reader");
const MAX_BYTES = 64 * 1024;

export class FileReader extends WatchingReader {
  readonly driver = "file";
  readonly readerId: string;
  readonly info: string;
  private watcher: FSWatcher | null = null;
  private tooLargeLogged = false;

  constructor(
    readonly path: string,
    private readonly pollMs = 1000,
  ) {
    super();
    this.readerId = readerIdFor(this.driver, path);
    this.info = `File (${path})`;
  }

  async open(events: ReaderEvents): Promise<void> {
    if (!isAbsolute(this.path)) throw new Error(`file reader path must be absolute: "${this.path}"`);
    const dir = dirname(this.path);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`folder ${dir} does not exist`);
    this.begin(events, { ms: this.pollMs, check: () => this.check() });
    const name = basename(this.path);
    this.watcher = watch(dir, { persistent: false }, (_event, file) => {
      if (file === null || file === name) this.check();
    });
    this.watcher.on("error", () => (this.alive = false));
    this.check();
  }

  override async close(): Promise<void> {
    this.watcher?.close();
    this.watcher = null;
    this.end();
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
    this.report(text, () => ({ type: "file", uid: "", text: text!, data: toHex(new TextEncoder().encode(text!)) }));
  }
}

export function fileDriver(pollMs?: number): ReaderDriver {
  return { id: "file", names: ["file"], autoDetect: false, create: (path) => new FileReader(path, pollMs) };
}

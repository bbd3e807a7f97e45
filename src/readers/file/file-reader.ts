/**
 * `file:/abs/path`: the file's content (trimmed) is a token while the file exists and is not empty; deleting
 * or emptying it removes the token. Handy for scripts and tests. Changes are seen through a directory watch,
 * with a slow poll as a safety net.
 *
 * Only files inside a token folder (`<data>/tokens`, /run/tapserve; src/config/path-rules.ts) are read: the
 * path is checked when the reader opens, and every read opens the file without following a symlink at its
 * last component and checks where the opened file really is (/proc/self/fd), so no link or rename race leads
 * outside. Token files hold at most 8 KiB.
 */
import { closeSync, constants, existsSync, type FSWatcher, fstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, watch } from "node:fs";
import { basename, dirname, isAbsolute } from "node:path";
import { isInside, realPathOf, tokenFileProblem } from "../../config/path-rules.ts";
import { log } from "../../log.ts";
import { toHex } from "../../core/bytes.ts";
import { MAX_TOKEN_CHARS } from "../../core/token-limits.ts";
import { readerIdFor } from "../reader-id.ts";
import type { ReaderDriver, ReaderEvents } from "../types.ts";
import { WatchingReader } from "../watching-reader.ts";

const logger = log.withTag("file-reader");
const MAX_BYTES = MAX_TOKEN_CHARS;
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export class FileReader extends WatchingReader {
  readonly readerId: string;
  readonly info: string;
  private watcher: FSWatcher | null = null;
  private tooLargeLogged = false;
  private outsideLogged = false;

  constructor(
    readonly path: string,
    private readonly pollMs = 1000,
    private readonly folders: readonly string[] = ["/run/tapserve"],
    /** The driver id it reports (`operator` on MiSTer is this reader on the Operator bridge's file). */
    readonly driver: string = "file",
    /** While false the reader counts as gone (the operator reader: Epilogue's software uninstalled). */
    private readonly available: () => boolean = () => true,
  ) {
    super();
    this.readerId = readerIdFor(this.driver, path);
    this.info = `File (${path})`;
  }

  override connected(): boolean {
    return super.connected() && this.available();
  }

  async open(events: ReaderEvents): Promise<void> {
    if (!isAbsolute(this.path)) throw new Error(`file reader path must be absolute: "${this.path}"`);
    const problem = tokenFileProblem(this.path, this.folders);
    if (problem) throw new Error(`file reader path ${this.path}: ${problem}`);
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

  /** Where the opened file really is: the kernel's name for the descriptor, else the resolved path. */
  private openedPath(fd: number): string {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return realpathSync(this.path);
    }
  }

  private insideFolders(real: string): boolean {
    return this.folders.some((f) => {
      try {
        return isInside(realPathOf(f), real);
      } catch {
        return false;
      }
    });
  }

  private read(): string | null {
    let fd: number;
    try {
      fd = openSync(this.path, OPEN_FLAGS);
    } catch {
      return null; // absent, or a symlink (ELOOP): no token
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return null;
      const real = this.openedPath(fd);
      if (!this.insideFolders(real)) {
        if (!this.outsideLogged) logger.warn(`${this.path} leads outside the token folders (${real}); not read`);
        this.outsideLogged = true;
        return null;
      }
      this.outsideLogged = false;
      const buf = Buffer.alloc(MAX_BYTES + 1);
      const n = readSync(fd, buf, 0, buf.length, 0);
      if (n > MAX_BYTES || st.size > MAX_BYTES) {
        if (!this.tooLargeLogged) logger.warn(`${this.path} is ${Math.max(st.size, n)} bytes; token files are limited to ${MAX_BYTES}`);
        this.tooLargeLogged = true;
        return null;
      }
      this.tooLargeLogged = false;
      const text = buf.subarray(0, n).toString("utf8").trim();
      return text === "" ? null : text;
    } catch {
      return null;
    } finally {
      closeSync(fd);
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

/** `folders`: where token files may be (`<data>/tokens`, /run/tapserve); only /run/tapserve when absent. */
export function fileDriver(opts: { pollMs?: number; folders?: readonly string[] } = {}): ReaderDriver {
  return { id: "file", names: ["file"], autoDetect: false, create: (path) => new FileReader(path, opts.pollMs, opts.folders) };
}

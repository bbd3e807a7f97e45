import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, watch, writeSync } from "node:fs";
import { extname, join } from "node:path";
import { type Clock, systemClock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";

/** A screenshot file and its bytes. */
export interface Screenshot {
  path: string;
  data: Uint8Array;
}

export interface MisterScreenshotOptions {
  /** SD card root (`/media/fat`); screenshots land in `<sdRoot>/screenshots/<core name>/`. */
  sdRoot: string;
  /** MiSTer Main's command FIFO, `/dev/MiSTer_cmd`. */
  cmdPath: string;
  /** Where MiSTer Main writes the running core's name, `/tmp/CORENAME`. */
  coreNamePath?: string;
  /** How long MiSTer Main may take to write the file (3 s, as the reference waits). */
  timeoutMs?: number;
  clock?: Clock;
}

const PNG_END = Uint8Array.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const POLL_MS = 250;

/** True once the writer has finished: a PNG ends with its IEND chunk, a BMP is as long as its header says. */
export function screenshotComplete(data: Uint8Array, ext: string): boolean {
  if (ext === ".png") return data.length >= PNG_END.length && PNG_END.every((b, i) => data[data.length - PNG_END.length + i] === b);
  if (ext === ".bmp") {
    if (data.length < 6 || data[0] !== 0x42 || data[1] !== 0x4d) return false;
    const declared = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(2, true);
    return declared > 0 && data.length >= declared;
  }
  return false;
}

const isImage = (name: string) => [".png", ".bmp"].includes(extname(name).toLowerCase());

/**
 * Asks MiSTer Main for a screenshot (`screenshot scaled` on its command FIFO) and waits for the new image in the
 * running core's screenshots folder, as the reference does; returns it once it is completely written.
 */
export async function takeMisterScreenshot(o: MisterScreenshotOptions): Promise<Screenshot> {
  const clock = o.clock ?? systemClock;
  const timeoutMs = o.timeoutMs ?? 3000;
  const coreNamePath = o.coreNamePath ?? "/tmp/CORENAME";
  let core: string;
  try {
    core = readFileSync(coreNamePath, "utf8").trim();
  } catch (err) {
    throw new DomainError("failed", `cannot read the running core's name from ${coreNamePath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (core === "" || core.includes("/") || core.startsWith(".")) throw new DomainError("failed", `unexpected core name in ${coreNamePath}: ${JSON.stringify(core)}`);
  const dir = join(o.sdRoot, "screenshots", core);
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));

  return new Promise<Screenshot>((resolve, reject) => {
    let done = false;
    let poll: unknown;
    const watcher = watch(dir, () => check());
    const finish = (err: Error | null, shot?: Screenshot) => {
      if (done) return;
      done = true;
      watcher.close();
      clock.clear(timer);
      clock.clear(poll);
      if (err) reject(err);
      else resolve(shot!);
    };
    const check = () => {
      if (done) return;
      try {
        const fresh = readdirSync(dir).filter((n) => !before.has(n) && isImage(n));
        const newest = fresh.map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
        for (const { n } of newest) {
          const path = join(dir, n);
          const data = new Uint8Array(readFileSync(path));
          if (screenshotComplete(data, extname(n).toLowerCase())) return finish(null, { path, data });
        }
      } catch {
        // a file vanished between listing and reading: look again on the next event
      }
      clock.clear(poll);
      poll = clock.set(check, POLL_MS); // a file still being written may send no further event
    };
    const timer = clock.set(() => finish(new DomainError("failed", `screenshot timed out after ${timeoutMs / 1000}s (nothing new in ${dir})`)), timeoutMs);
    watcher.on("error", (err) => finish(new DomainError("failed", `watching ${dir} failed: ${err.message}`)));
    try {
      sendCommand(o.cmdPath, "screenshot scaled");
      poll = clock.set(check, POLL_MS);
    } catch (err) {
      finish(err as Error);
    }
  });
}

function sendCommand(cmdPath: string, line: string): void {
  if (!existsSync(cmdPath)) throw new DomainError("unavailable", `MiSTer command interface ${cmdPath} not found (is MiSTer Main running?)`);
  const fd = openSync(cmdPath, "r+"); // read-write: opening a FIFO never blocks then
  try {
    writeSync(fd, `${line}\n`);
  } finally {
    closeSync(fd);
  }
}

/**
 * `externaldrive:` — a USB drive holding `zaparoo.txt` at its root is a token while it is mounted (type
 * `externaldrive`, text = the file trimmed, data = its bytes as hex, as the reference); unmounting is removal.
 * Mounts are watched through the runtime's mount-table notification (no polling where the kernel allows)
 * and looked for below /media, /mnt and /run/media, or only below the folder given as the path
 * (`externaldrive:/srv/usb`). Each new mount is probed once (3 tries); one drive is the token at a time, the
 * next mounted drive with a token file takes over when it leaves. Off unless configured.
 */
import { readFile } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { CoalescedRuns } from "../../core/coalesced-runs.ts";
import { log } from "../../log.ts";
import { type MountWatch, pollMountTable } from "../../runtime/mount-watch.ts";
import { toHex } from "../../core/bytes.ts";
import { readerIdFor } from "../reader-id.ts";
import type { ReaderDriver, ReaderEvents } from "../types.ts";
import { WatchingReader } from "../watching-reader.ts";
import { driveMounts, parseMountInfo } from "./mountinfo.ts";
import { readTokenFile } from "./token-file.ts";

const logger = log.withTag("externaldrive");
export const DEFAULT_PARENTS = ["/media", "/mnt", "/run/media"];
const RETRY_DELAYS_MS = [100, 500, 1000];

export type WatchMounts = (path: string, onChange: () => void) => MountWatch;

export interface ExternalDriveOptions {
  /** The mount table to read and watch. */
  mountInfo?: string;
  /** The runtime's watcher; the slow re-read fallback when absent. */
  watch?: WatchMounts;
}

interface Drive {
  /** Token file contents, null when the drive has none (or it was not acceptable); undefined while probing. */
  token?: { text: string; data: string } | null;
}

export class ExternalDriveReader extends WatchingReader {
  readonly driver = "externaldrive";
  readonly readerId: string;
  readonly info: string;
  private readonly parents: string[];
  private readonly mountInfo: string;
  private watcher: MountWatch | null = null;
  private readonly drives = new Map<string, Drive>();
  private readonly scans = new CoalescedRuns(
    () => this.pass(),
    (err) => logger.warn(`reading ${this.mountInfo} failed: ${(err as Error).message}`),
    () => this.events !== null,
  );

  constructor(
    readonly path: string,
    private readonly opts: ExternalDriveOptions = {},
  ) {
    super();
    this.parents = path === "" ? DEFAULT_PARENTS : [path.replace(/\/+$/, "") || "/"];
    this.mountInfo = opts.mountInfo ?? "/proc/self/mountinfo";
    this.readerId = readerIdFor(this.driver, path || this.driver); // the reference's id for the whole-system reader
    this.info = `External drives (mounted below ${this.parents.join(", ")})`;
  }

  async open(events: ReaderEvents): Promise<void> {
    if (this.path !== "" && !isAbsolute(this.path)) throw new Error(`externaldrive path must be an absolute folder or empty: "${this.path}"`);
    await readFile(this.mountInfo, "utf8"); // throws when the mount table cannot be read
    this.begin(events);
    const onChange = () => void this.rescan();
    this.watcher = (this.opts.watch ?? pollMountTable)(this.mountInfo, onChange);
    await this.rescan();
  }

  override async close(): Promise<void> {
    this.end();
    await this.watcher?.close();
    this.watcher = null;
    await this.scans.idle();
    this.drives.clear();
    this.current = null;
  }

  /** Reads the mount table again (now, or right after the running pass). */
  private rescan(): Promise<void> {
    return this.scans.run();
  }

  private async pass(): Promise<void> {
    const mounts = driveMounts(parseMountInfo(await readFile(this.mountInfo, "utf8")), this.parents);
    if (!this.events) return;
    const present = new Set(mounts.map((m) => m.mountPoint));
    for (const point of [...this.drives.keys()]) {
      if (present.has(point)) continue;
      this.drives.delete(point);
      logger.info(`drive unmounted: ${point}`);
      if (this.current === point) this.report(null);
    }
    for (const m of mounts) {
      if (this.drives.has(m.mountPoint)) continue;
      const drive: Drive = {};
      this.drives.set(m.mountPoint, drive);
      logger.info(`drive mounted: ${m.mountPoint} (${m.fsType})`);
      void this.probe(m.mountPoint, drive);
    }
    this.pick();
  }

  private async probe(point: string, drive: Drive): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
      if (this.drives.get(point) !== drive) return; // unmounted meanwhile
      try {
        const found = await readTokenFile(point);
        if (found.kind === "skipped") logger.warn(`ignoring the token file on ${point}: ${found.why}`);
        const text = found.kind === "found" ? new TextDecoder().decode(found.bytes).trim() : "";
        drive.token = text === "" || found.kind !== "found" ? null : { text, data: toHex(found.bytes) };
        break;
      } catch (err) {
        if (attempt + 1 >= RETRY_DELAYS_MS.length) {
          logger.warn(`cannot read ${point}: ${(err as Error).message}`);
          drive.token = null;
          break;
        }
      }
    }
    if (this.drives.get(point) === drive) this.pick();
  }

  /** With no token on the reader, the first mounted drive that has one becomes it. */
  private pick(): void {
    if (!this.events || this.current !== null) return;
    for (const [point, drive] of this.drives) {
      const token = drive.token;
      if (!token) continue;
      this.report(point, () => {
        logger.info(`token file on ${point}: ${token.text.length} chars`);
        return { type: "externaldrive", uid: "", text: token.text, data: token.data };
      });
      return;
    }
  }
}

export function externalDriveDriver(opts: ExternalDriveOptions = {}): ReaderDriver {
  return { id: "externaldrive", names: ["externaldrive"], autoDetect: false, create: (path) => new ExternalDriveReader(path, opts) };
}

import { readFileSync } from "node:fs";
import { log } from "../../log.ts";
import type { MountWatch } from "../../runtime/mount-watch.ts";

const logger = log.withTag("mister");

/** Where MiSTer mounts removable and network storage: USB drives `/media/usb0..5`, CIFS, NFS-style network. */
const STORAGE_MOUNT = /^\/media\/(usb[0-5]|network)$|^\/media\/fat\/cifs$/;

/** The storage mount points of a mountinfo table (field 5 of each line, `\040`-style escapes undone). */
export function storageMounts(mountinfo: string): string[] {
  const out = new Set<string>();
  for (const line of mountinfo.split("\n")) {
    const point = line.split(" ")[4]?.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
    if (point && STORAGE_MOUNT.test(point)) out.add(point);
  }
  return [...out].sort();
}

/**
 * MiSTer storage hot-plug: when a USB drive or network share is mounted or unmounted (the mount table changes
 * and its storage mount points differ), `reindex` runs, so a new drive's games become searchable and a removed
 * one's leave the index. Runs one at a time; a change during a run is followed by one more run.
 */
export class MisterStorageWatch {
  private watch: MountWatch | null = null;
  private mounts = "";
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly watchMounts: (path: string, onChange: () => void) => MountWatch,
    private readonly reindex: () => Promise<void>,
    private readonly mountinfo = "/proc/self/mountinfo",
  ) {}

  start(): void {
    this.mounts = this.read();
    this.watch = this.watchMounts(this.mountinfo, () => this.changed());
  }

  async stop(): Promise<void> {
    await this.watch?.close();
    this.watch = null;
    await this.running;
  }

  private read(): string {
    try {
      return storageMounts(readFileSync(this.mountinfo, "utf8")).join("\n");
    } catch {
      return "";
    }
  }

  private changed(): void {
    const now = this.read();
    if (now === this.mounts || !this.watch) return;
    logger.info(`storage mounts changed (${now === "" ? "none" : now.replaceAll("\n", ", ")}): indexing media again`);
    this.mounts = now;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await Promise.resolve()
          .then(() => this.reindex()) // a refusal (busy) thrown at once is caught too
          .catch((err: Error) => logger.warn(`indexing after a storage change failed: ${err.message}`));
      } while (this.again && this.watch);
      this.running = null;
    })();
  }
}

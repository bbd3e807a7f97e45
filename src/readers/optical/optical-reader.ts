/**
 * `opticaldrive:/dev/sr0` (option `id_source` = uuid, label or merged, the default): a disc is a token while
 * it is in the drive. Once a second (and at open) the ISO 9660 primary volume descriptor is read (src/core/
 * disc/iso9660.ts): uid from the volume's dates and label as the reference derives it, text from a root
 * `zaparoo.txt`, data = that file's bytes as hex. Ejecting (or any medium without a descriptor) is removal; a
 * device node that goes away ends the reader (the manager retries the path). Reads are asynchronous, so a
 * drive spinning up never holds the service; an image file or a loop device stands in for a drive.
 */
import { constants, existsSync } from "node:fs";
import { open as openFile, readdir } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { discTokenId, type DiscIdentity, type IdSource, readDiscIdentity, type TokenFile } from "../../core/disc/iso9660.ts";
import { log } from "../../log.ts";
import { toHex } from "../../core/bytes.ts";
import { readerIdFor } from "../reader-id.ts";
import type { HardwareRoots } from "../serial/sysfs.ts";
import type { ReaderDriver, ReaderEvents, ReaderOptions } from "../types.ts";
import { WatchingReader } from "../watching-reader.ts";

const logger = log.withTag("opticaldrive");
const ID_SOURCES: readonly IdSource[] = ["uuid", "label", "merged"];

/** The connection's `id_source`; absent means merged (as in the reference), anything unknown is warned about. */
export function idSourceOf(value: string | undefined, path = ""): IdSource {
  const v = (value ?? "merged").toLowerCase();
  if ((ID_SOURCES as readonly string[]).includes(v)) return v as IdSource;
  logger.warn(`opticaldrive:${path}: id_source "${value}" is not one of ${ID_SOURCES.join(", ")}; using merged`);
  return "merged";
}

/** Reads the disc's identity through a short-lived handle; null when there is no medium or no ISO 9660. */
export async function identifyDisc(path: string): Promise<DiscIdentity | null> {
  let handle;
  try {
    handle = await openFile(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null; // no medium (ENOMEDIUM), no permission, gone
  }
  try {
    return await readDiscIdentity(async (offset, length) => {
      const buf = new Uint8Array(length);
      let got = 0;
      while (got < length) {
        const { bytesRead } = await handle.read(buf, got, length - got, offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return buf.subarray(0, got);
    });
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => {});
  }
}

export class OpticalReader extends WatchingReader {
  readonly driver = "opticaldrive";
  readonly readerId: string;
  readonly info: string;
  private checking = false;
  private lastFile: TokenFile | null = null;

  constructor(
    readonly path: string,
    private readonly idSource: IdSource,
    private readonly pollMs = 1000,
  ) {
    super();
    this.readerId = readerIdFor(this.driver, path);
    this.info = `Optical drive (${path}, id ${idSource})`;
  }

  async open(events: ReaderEvents): Promise<void> {
    if (!isAbsolute(this.path)) throw new Error(`optical drive path must be absolute: "${this.path}"`);
    if (!existsSync(this.path)) throw new Error(`${this.path} does not exist`);
    this.begin(events, { ms: this.pollMs, check: () => void this.check() });
    await this.check();
  }

  private async check(): Promise<void> {
    if (this.checking || !this.events) return;
    this.checking = true;
    try {
      if (!existsSync(this.path)) {
        logger.warn(`${this.path} went away`);
        this.alive = false;
        return;
      }
      const identity = await identifyDisc(this.path);
      if (!this.events) return;
      this.update(identity);
    } finally {
      this.checking = false;
    }
  }

  private update(identity: DiscIdentity | null): void {
    let file = identity?.tokenFile ?? null;
    if (file?.state === "unknown") file = this.lastFile; // a failed read keeps what was seen before
    this.lastFile = file;
    const uid = identity ? discTokenId(identity.uuid, identity.label, this.idSource) : "";
    const text = file?.state === "present" ? new TextDecoder().decode(file.data).trim() : "";
    const data = text !== "" && file ? toHex(file.data) : "";
    const key = uid === "" && text === "" ? null : JSON.stringify([uid, text, data]);
    this.report(key, () => {
      logger.debug(`disc in ${this.path}: uuid ${identity?.uuid || "-"}, label ${JSON.stringify(identity?.label ?? "")}, ${text.length} chars of text`);
      return { type: "disc", uid, text, data };
    });
  }
}

/** Optical drives the kernel knows: `/sys/block/srN` → `/dev/srN`. */
async function opticalDrives(roots: HardwareRoots, exclude: ReadonlySet<string>): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(roots.sys, "block"));
  } catch {
    return [];
  }
  return names
    .filter((n) => /^sr\d+$/.test(n))
    .sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)))
    .map((n) => join(roots.dev, n))
    .filter((p) => !exclude.has(p) && existsSync(p));
}

/**
 * `opticaldrive:/dev/srN` reads that drive; `opticaldrive:` (empty path) every optical drive present. Not
 * auto-detected (as in the reference).
 */
export function opticalDriver(opts: { roots?: HardwareRoots; pollMs?: number } = {}): ReaderDriver {
  const roots = opts.roots ?? { sys: "/sys", dev: "/dev" };
  return {
    id: "opticaldrive",
    names: ["opticaldrive"],
    autoDetect: false,
    create: (path, options?: ReaderOptions) => new OpticalReader(path, idSourceOf(options?.idSource, path), opts.pollMs),
    detect: (exclude) => opticalDrives(roots, exclude),
  };
}

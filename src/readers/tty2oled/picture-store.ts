/**
 * Where a tty2oled display's pictures come from: a MiSTer's own tty2oled pictures (`/media/fat/tty2oled/pics`,
 * read only), the cache in the data folder (`<data>/assets/tty2oled_pics/<FORMAT>/`, as the reference's), and,
 * only for pictures of cores actually played and missing from both, the public pictures collection through the
 * guarded outbound client (its time limit and size cap; an answer from another host is not kept). A picture
 * that could not be fetched is not asked for again for a while, so a device offline stays quiet.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { MAX_PICTURE_FILE_BYTES, parsePictureFile, PICTURE_FORMATS, picturePath, pictureVariant, validPictureName } from "../../core/tty2oled/pictures.ts";
import { writeFileAtomic } from "../../config/atomic-write.ts";
import { log } from "../../log.ts";

const logger = log.withTag("tty2oled");
/** How long a picture that could not be fetched is left alone. */
export const FETCH_RETRY_MS = 10 * 60 * 1000;

/** A GET through the guarded outbound client: the body and the URL that answered, or an error. */
export type PictureFetch = (url: string) => Promise<{ status: number; body: Uint8Array; url: URL }>;

export interface PictureStoreOptions {
  /** `<data>/assets/tty2oled_pics`. */
  cacheDir: string;
  /** Pictures folders read before the cache (MiSTer: tty2oled's own `/media/fat/tty2oled/pics`). */
  localDirs?: readonly string[];
  /** The collection's base URL (`<base>/<FORMAT>/<name><ext>`). */
  baseUrl: string;
  /** Absent: pictures come from disk only. */
  fetch?: PictureFetch;
  now?: () => number;
}

/** A picture ready for the display: its name (the file name without extension) and its bytes. */
export interface Picture {
  name: string;
  bytes: Uint8Array;
  path: string;
}

export class PictureStore {
  private readonly failedAt = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: PictureStoreOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The picture `name` stands for (its variant), from a local folder or the cache, in format order; null if none. */
  onDisk(name: string): Picture | null {
    if (!validPictureName(name)) return null;
    const variant = pictureVariant(name);
    for (const dir of [...(this.opts.localDirs ?? []), this.opts.cacheDir]) {
      for (const format of PICTURE_FORMATS) {
        const path = join(dir, picturePath(format, variant));
        const picture = this.load(path);
        if (picture) return picture;
      }
    }
    return null;
  }

  /** Fetches the picture `name` stands for into the cache, trying each format in order; null when none came. */
  async fetch(name: string): Promise<Picture | null> {
    if (!this.opts.fetch || !validPictureName(name)) return null;
    const variant = pictureVariant(name);
    const failed = this.failedAt.get(variant);
    if (failed !== undefined && this.now() - failed < FETCH_RETRY_MS) return null;
    const base = new URL(this.opts.baseUrl.endsWith("/") ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    for (const format of PICTURE_FORMATS) {
      const rel = picturePath(format, variant);
      const url = new URL(rel.split("/").map(encodeURIComponent).join("/"), base);
      try {
        const reply = await this.opts.fetch(url.href);
        if (reply.url.origin !== base.origin) {
          logger.warn(`picture ${rel}: the answer came from ${reply.url.host}, not ${base.host}; not kept`);
          continue;
        }
        if (reply.status !== 200 || reply.body.length === 0) continue;
        const bytes = parsePictureFile(new TextDecoder().decode(reply.body));
        const path = join(this.opts.cacheDir, rel);
        mkdirSync(dirname(path), { recursive: true, mode: 0o750 });
        // a cache: whole or not there, never fsynced (it is fetched again when lost)
        writeFileAtomic(path, reply.body, 0o600, { durable: false });
        logger.info(`picture ${rel} fetched into the cache`);
        this.failedAt.delete(variant);
        return { name: variant, bytes, path };
      } catch (err) {
        logger.debug(`picture ${rel}: ${(err as Error).message}`);
      }
    }
    logger.info(`no picture ${variant} could be fetched; showing the system name instead`);
    this.failedAt.set(variant, this.now());
    return null;
  }

  private load(path: string): Picture | null {
    try {
      if (!existsSync(path)) return null;
      const st = statSync(path);
      if (!st.isFile() || st.size > MAX_PICTURE_FILE_BYTES) return null;
      return { name: basename(path, extname(path)), bytes: parsePictureFile(readFileSync(path, "utf8")), path };
    } catch (err) {
      logger.warn(`picture ${path} not usable: ${(err as Error).message}`);
      return null;
    }
  }
}

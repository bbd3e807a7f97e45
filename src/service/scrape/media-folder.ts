import { readdirSync, realpathSync, statSync } from "node:fs";
import type { ImageType } from "../../core/media/gamelist-fields.ts";

/** Folders under `<system root>/media/` holding each image type, as ES-DE, Batocera and Skraper name them. */
const ART_DIRS: ReadonlyArray<[ImageType, readonly string[]]> = [
  ["image", ["image", "images", "miximages", "custom"]],
  ["boxart", ["boxart", "boxart2d", "box2d", "boxart2dfront", "box2dfront", "cover", "covers"]],
  ["boxart3d", ["boxart3d", "3dbox", "3dboxes"]],
  ["boxartside", ["boxart2dside"]],
  ["boxartback", ["boxart2dback", "backcover", "backcovers"]],
  ["screenshot", ["screenshot", "screenshots"]],
  ["thumbnail", ["thumbnail", "thumbnails", "box2dfront", "boxart2dfront", "supporttexture"]],
  ["marquee", ["marquee", "marquees"]],
  ["wheel", ["wheel", "wheels", "logo", "logos"]],
  ["fanart", ["fanart", "fanarts"]],
  ["titleshot", ["titleshot", "titleshots", "titlescreen", "titlescreens", "screenshottitle"]],
  ["map", ["map", "maps"]],
];
const EXTENSIONS = [".png", ".jpg", ".jpeg", ".webp"];

/** Whether `path` is inside `root` once symbolic links are followed (both real paths). */
export function realInside(path: string, realRoot: string): boolean {
  try {
    const real = realpathSync(path);
    return real.startsWith(`${realRoot}/`) && statSync(real).isFile();
  } catch {
    return false;
  }
}

/**
 * Artwork of a system folder's `media/` tree: for a media file at `<root>/<dir>/<name>.<ext>`, the image
 * `media/<type folder>/<dir>/<name>.png` (mirrored path first) or `media/<type folder>/<name>.png`. Folder listings
 * are read once and kept for the run; files that resolve outside the system folder are ignored.
 */
export class MediaFolderArt {
  private readonly listings = new Map<string, Set<string>>();
  private readonly present: Set<string>;
  private readonly realRoot: string;

  constructor(private readonly root: string) {
    this.present = this.list(`${root}/media`);
    let real = root;
    try {
      real = realpathSync(root);
    } catch {}
    this.realRoot = real;
  }

  /** Whether the folder has a `media/` folder at all. */
  get exists(): boolean {
    return this.present.size > 0;
  }

  private list(dir: string): Set<string> {
    let names = this.listings.get(dir);
    if (!names) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = new Set();
      }
      this.listings.set(dir, names);
    }
    return names;
  }

  /** The images found for a media file (absolute path under the root), by type. */
  find(abs: string, skip: ReadonlySet<ImageType> = new Set()): Partial<Record<ImageType, string>> {
    const out: Partial<Record<ImageType, string>> = {};
    if (!abs.startsWith(`${this.root}/`) || this.present.size === 0) return out;
    const rel = abs.slice(this.root.length + 1);
    const slash = rel.lastIndexOf("/");
    const dir = slash < 0 ? "" : rel.slice(0, slash);
    const file = rel.slice(slash + 1);
    const dot = file.lastIndexOf(".");
    const stem = dot > 0 ? file.slice(0, dot) : file;
    for (const [type, folders] of ART_DIRS) {
      if (skip.has(type)) continue;
      found: for (const folder of folders) {
        if (!this.present.has(folder)) continue;
        for (const sub of dir ? [`/${dir}`, ""] : [""]) {
          const where = `${this.root}/media/${folder}${sub}`;
          const names = this.list(where);
          for (const ext of EXTENSIONS) {
            if (names.has(stem + ext) && realInside(`${where}/${stem}${ext}`, this.realRoot)) {
              out[type] = `${where}/${stem}${ext}`;
              break found;
            }
          }
        }
      }
    }
    return out;
  }
}

import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { DomainError } from "../../core/errors.ts";
import { splitTag } from "../../core/media/filename-tags.ts";
import { IMAGE_TYPES, TITLE_FIELDS } from "../../core/media/gamelist-fields.ts";
import { imageInfo, imageTypeOfName } from "../../core/media/image-info.ts";
import { tagLabel } from "../../core/media/tag-vocabulary.ts";
import { titleSlug } from "../../core/media/title-slug.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { TagInfo } from "../../core/wire/media.ts";
import type { MediaMeta, MediaRef, MetaProperty } from "../../core/wire/media-meta.ts";
import { planIndex } from "../media/indexer.ts";
import type { MediaRow, MetaStore } from "./meta-store.ts";

/** An image file larger than this is never read into a reply. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

export function tagInfo(tag: string): TagInfo {
  const { type, value } = splitTag(tag);
  const label = tagLabel(type, value);
  return label ? { tag: value, type, label } : { tag: value, type };
}

const fileName = (p: string) => p.slice(p.lastIndexOf("/") + 1);
const extensionOf = (p: string) => {
  const n = fileName(p);
  const dot = n.lastIndexOf(".");
  return dot > 0 ? n.slice(dot).toLowerCase() : "";
};

/** Reads metadata and artwork of indexed media for `media.meta`, `media.meta.update` and `media.image`. */
export class MetaReader {
  private readonly catalog = systemCatalog();

  constructor(
    private readonly meta: MetaStore,
    private readonly rootFolders: () => string[],
  ) {}

  /** The media a reference names; refused when it names none (not-found) or nothing at all (invalid). */
  resolve(ref: MediaRef): MediaRow {
    if (ref.mediaId === undefined && ref.path === undefined) throw new DomainError("invalid", "mediaId or path is required");
    const row = ref.mediaId !== undefined ? this.meta.byId(ref.mediaId) : this.meta.byPath(ref.path as string, ref.system);
    if (!row || (ref.system !== undefined && row.system !== ref.system)) throw new DomainError("not-found", `media not found: ${ref.path ?? `id ${ref.mediaId}`}`);
    return row;
  }

  /** The media's file-name tags, title metadata and artwork kinds. */
  describe(row: MediaRow): MediaMeta {
    const titleProps = this.meta.titleProps(row.system, row.title);
    const mediaProps = this.meta.mediaProps(row.abs);
    const properties: Record<string, MetaProperty> = {};
    const images: string[] = [];
    for (const type of IMAGE_TYPES) {
      const p = mediaProps[`image-${type}`];
      if (!p) continue;
      images.push(type);
      properties[`property:image-${type}`] = { text: fileName(p), contentType: imageTypeOfName(p) || "application/octet-stream", extension: extensionOf(p) };
    }
    const titleProperties: Record<string, MetaProperty> = {};
    if (titleProps.description) titleProperties["property:description"] = { text: titleProps.description, contentType: "text/plain" };
    const titleTags = TITLE_FIELDS.filter((f) => f !== "description" && titleProps[f]).map((f) => ({ tag: titleProps[f] as string, type: f }));
    const def = this.catalog.byIdExact(row.system);
    const slash = row.path.lastIndexOf("/");
    const out: MediaMeta = {
      path: row.path,
      parentDir: row.path.slice(0, slash),
      isMissing: !existsSync(row.abs),
      tags: row.tags === "" ? [] : row.tags.split(" ").map(tagInfo),
      properties,
      title: { ...titleSlug(row.title), name: row.title, system: { id: row.system, name: def?.name ?? row.system }, tags: titleTags, properties: titleProperties },
    };
    if (images.length) out.availableImageTypes = images;
    return out;
  }

  /**
   * An image of the media: the first of `types` (all kinds, in IMAGE_TYPES order, when empty) whose file exists
   * and, with `maxSize`, fits in maxSize×maxSize; when none fits, the smallest one found (nothing is resized
   * here: no image library runs on the device). The file must still lie inside one of the system's folders.
   */
  image(row: MediaRow, types: readonly string[], maxSize?: number): { contentType: string; extension?: string; data: string; typeTag: string; delivery: "inline" } {
    const props = this.meta.mediaProps(row.abs);
    const wanted = (types.length ? types : IMAGE_TYPES).filter((t) => props[`image-${t}`]);
    const realFolders = this.realSystemFolders(row.system);
    let best: { bytes: Uint8Array; type: string; area: number; contentType: string; extension: string } | null = null;
    let tooLarge = "";
    for (const type of wanted) {
      const path = props[`image-${type}`] as string;
      let real: string;
      try {
        real = realpathSync(path);
        const st = statSync(real);
        if (!st.isFile() || !realFolders.some((f) => real.startsWith(`${f}/`))) continue;
        if (st.size > MAX_IMAGE_BYTES) {
          tooLarge = `media binary "${fileName(path)}" is too large: ${st.size} bytes exceeds ${MAX_IMAGE_BYTES} byte limit`;
          continue;
        }
      } catch {
        continue;
      }
      const bytes = new Uint8Array(readFileSync(real));
      const info = imageInfo(bytes);
      const contentType = info?.contentType ?? imageTypeOfName(path);
      if (!contentType) continue;
      const extension = info?.extension ?? extensionOf(path);
      const area = info ? info.width * info.height : Number.POSITIVE_INFINITY;
      const fits = maxSize === undefined || (info !== null && Math.max(info.width, info.height) <= maxSize);
      if (fits) return { contentType, extension, data: Buffer.from(bytes).toString("base64"), typeTag: `property:image-${type}`, delivery: "inline" };
      if (!best || area < best.area) best = { bytes, type, area, contentType, extension };
    }
    if (best) return { contentType: best.contentType, extension: best.extension, data: Buffer.from(best.bytes).toString("base64"), typeTag: `property:image-${best.type}`, delivery: "inline" };
    if (tooLarge) throw new DomainError("not-found", `media.image: image file too large: ${tooLarge}`);
    throw new DomainError("not-found", `no image found for media: system="${row.system}" path="${row.path}"`);
  }

  /** Real paths of the system's folders under the media roots (where its artwork may lie). */
  private realSystemFolders(system: string): string[] {
    const def = this.catalog.byIdExact(system);
    if (!def) return [];
    return planIndex(this.catalog, this.rootFolders(), [def]).flatMap((p) =>
      p.folders.flatMap((f) => {
        try {
          return [realpathSync(f)];
        } catch {
          return [];
        }
      }),
    );
  }
}

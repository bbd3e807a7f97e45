import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { DomainError } from "../../core/errors.ts";
import { splitTag } from "../../core/media/filename-tags.ts";
import { IMAGE_TYPES, TITLE_FIELDS } from "../../core/media/gamelist-fields.ts";
import { imageInfo, imageTypeOfName } from "../../core/media/image-info.ts";
import { tagLabel } from "../../core/media/tag-vocabulary.ts";
import type { MediaType } from "../../core/slugs/index.ts";
import { generateSlugMetadataFromTokens, rowFragments } from "../../core/titles/index.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { TagInfo } from "../../core/wire/media.ts";
import type { MediaMeta, MediaRef, MetaProperty } from "../../core/wire/media-meta.ts";
import { planIndex } from "../media/indexer.ts";
import { canResize, ImageResizer } from "./image-resizer.ts";
import type { MediaRow, MetaStore } from "./meta-store.ts";

/** An image file larger than this is never read into a reply. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

export function tagInfo(tag: string): TagInfo {
  const { type, value } = splitTag(tag);
  const label = tagLabel(type, value);
  return label ? { tag: value, type, label } : { tag: value, type };
}

const fileName = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** A media's title slug and prefilter figures as the reference's indexer makes them of its path. */
function referenceSlug(path: string, mediaType: MediaType): { slug: string; secondarySlug?: string; slugLength: number; slugWordCount: number } {
  const f = rowFragments(path, mediaType);
  const m = generateSlugMetadataFromTokens(mediaType, f.title, f.slug, f.tokens);
  return { slug: m.slug, ...(m.secondarySlug ? { secondarySlug: m.secondarySlug } : {}), slugLength: m.slugLength, slugWordCount: m.slugWordCount };
}
const extensionOf = (p: string) => {
  const n = fileName(p);
  const dot = n.lastIndexOf(".");
  return dot > 0 ? n.slice(dot).toLowerCase() : "";
};

/** An answer of `media.image`: the image as base64 and, when its header gives it, its size in pixels. */
export type ImageAnswer = { contentType: string; extension?: string; data: string; typeTag: string; delivery: "inline"; width?: number; height?: number };

/** Reads metadata and artwork of indexed media for `media.meta`, `media.meta.update` and `media.image`. */
export class MetaReader {
  private readonly catalog = systemCatalog();
  private readonly resizer = new ImageResizer();

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
      title: { ...referenceSlug(row.abs, def?.mediaType ?? "Game"), name: row.title, system: { id: row.system, name: def?.name ?? row.system }, tags: titleTags, properties: titleProperties },
    };
    if (images.length) out.availableImageTypes = images;
    return out;
  }

  /**
   * An image of the media: the first of `types` (all kinds, in IMAGE_TYPES order, when empty) whose file exists.
   * With `maxSize`, a PNG or JPEG larger than maxSize×maxSize is scaled down to fit (aspect kept, never up); an
   * image of another type (GIF, WebP) is answered as it is when it fits, else the next kind is tried, and the
   * smallest found is the answer when none fits. The file must still lie inside one of the system's folders.
   */
  async image(row: MediaRow, types: readonly string[], maxSize?: number): Promise<ImageAnswer> {
    const props = this.meta.mediaProps(row.abs);
    const wanted = (types.length ? types : IMAGE_TYPES).filter((t) => props[`image-${t}`]);
    const realFolders = this.realSystemFolders(row.system);
    let best: { answer: ImageAnswer; area: number } | null = null;
    let tooLarge = "";
    for (const type of wanted) {
      const path = props[`image-${type}`] as string;
      let real: string;
      let key: string;
      try {
        real = realpathSync(path);
        const st = statSync(real);
        if (!st.isFile() || !realFolders.some((f) => real.startsWith(`${f}/`))) continue;
        if (st.size > MAX_IMAGE_BYTES) {
          tooLarge = `media binary "${fileName(path)}" is too large: ${st.size} bytes exceeds ${MAX_IMAGE_BYTES} byte limit`;
          continue;
        }
        key = `${real}\n${st.mtimeMs}\n${st.size}`;
      } catch {
        continue;
      }
      const bytes = new Uint8Array(readFileSync(real));
      const info = imageInfo(bytes);
      const contentType = info?.contentType ?? imageTypeOfName(path);
      if (!contentType) continue;
      const typeTag = `property:image-${type}`;
      const answer: ImageAnswer = { contentType, extension: info?.extension ?? extensionOf(path), data: "", typeTag, delivery: "inline" };
      if (info) Object.assign(answer, { width: info.width, height: info.height });
      const fits = maxSize === undefined || (info !== null && Math.max(info.width, info.height) <= maxSize);
      if (fits) return { ...answer, data: Buffer.from(bytes).toString("base64") };
      if (info && canResize(info.contentType)) {
        const r = await this.resizer.resize(bytes, info, maxSize as number, key, fileName(path));
        return { contentType: r.contentType, extension: r.extension, data: Buffer.from(r.bytes).toString("base64"), typeTag, delivery: "inline", width: r.width, height: r.height };
      }
      const area = info ? info.width * info.height : Number.POSITIVE_INFINITY;
      if (!best || area < best.area) best = { answer: { ...answer, data: Buffer.from(bytes).toString("base64") }, area };
    }
    if (best) return best.answer;
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

import { BudgetCache } from "../../core/budget-cache.ts";
import { DomainError } from "../../core/errors.ts";
import { areaResize, fitWithin, type Rgba } from "../../core/image/area-resize.ts";
import type { ImageInfo } from "../../core/media/image-info.ts";

/** Images whose header says more pixels than this are never decoded (a 40 MP RGBA frame is already 160 MB). */
export const MAX_DECODE_PIXELS = 40_000_000;
/** JPEG quality of resized covers. */
const JPEG_QUALITY = 85;
/** Resized covers kept in memory, in bytes of their encoded form. */
const CACHE_BYTES = 16 * 1024 * 1024;

export interface ResizedImage {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

interface Codecs {
  png: typeof import("pngjs").PNG;
  jpeg: typeof import("jpeg-js");
}
/** The codecs load on the first resize, not at start-up. */
let codecs: Promise<Codecs> | undefined;
const loadCodecs = () => (codecs ??= Promise.all([import("pngjs"), import("jpeg-js")]).then(([p, j]) => ({ png: p.PNG, jpeg: j })));

/** Whether this resizer can decode images of this type (PNG and JPEG; others are answered as they are). */
export const canResize = (contentType: string) => contentType === "image/png" || contentType === "image/jpeg";

/**
 * Scales PNG and JPEG artwork down to fit maxSize×maxSize (pure-JS codecs, an area filter), and remembers the
 * last results so a grid of covers asked for again is not decoded again. JPEG sources and opaque PNGs are
 * answered as JPEG, PNGs with transparency as PNG.
 */
export class ImageResizer {
  private readonly cache = new BudgetCache<string, ResizedImage>(CACHE_BYTES, (r) => r.bytes.length);
  private readonly running = new Map<string, Promise<ResizedImage>>();

  /**
   * `bytes` (whose header gave `info`) fitted into maxSize×maxSize. `key` names the source version (path, mtime,
   * size); `name` is used in errors. Refuses images too large to decode and images that do not decode.
   */
  resize(bytes: Uint8Array, info: ImageInfo, maxSize: number, key: string, name: string): Promise<ResizedImage> {
    const cacheKey = `${maxSize}\n${key}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return Promise.resolve(hit);
    let run = this.running.get(cacheKey); // the same cover asked for twice at once is decoded once
    if (!run) {
      run = this.decodeAndScale(bytes, info, maxSize, name).then((r) => (this.remember(cacheKey, r), r));
      this.running.set(cacheKey, run);
      const done = () => void this.running.delete(cacheKey);
      run.then(done, done);
    }
    return run;
  }

  private async decodeAndScale(bytes: Uint8Array, info: ImageInfo, maxSize: number, name: string): Promise<ResizedImage> {
    if (info.width * info.height > MAX_DECODE_PIXELS) {
      throw new DomainError("unsupported", `media.image: image "${name}" is ${info.width}x${info.height}: more than the ${MAX_DECODE_PIXELS / 1e6} megapixels decoded here`);
    }
    const { png, jpeg } = await loadCodecs();
    let src: Rgba;
    try {
      src = info.contentType === "image/png" ? png.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_DECODE_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
    } catch (err) {
      throw new DomainError("failed", `media.image: cannot decode image "${name}": ${err instanceof Error ? err.message : String(err)}`);
    }
    if (src.width * src.height > MAX_DECODE_PIXELS || src.data.length < src.width * src.height * 4) {
      throw new DomainError("failed", `media.image: cannot decode image "${name}": unexpected size ${src.width}x${src.height}`);
    }
    const size = fitWithin(src.width, src.height, maxSize);
    const out = areaResize(src, size.width, size.height);
    const keepAlpha = info.contentType === "image/png" && hasTransparency(out);
    return keepAlpha
      ? { bytes: new Uint8Array(png.sync.write(out, { colorType: 6 })), contentType: "image/png", extension: ".png", ...size }
      : { bytes: new Uint8Array(jpeg.encode(out, JPEG_QUALITY).data), contentType: "image/jpeg", extension: ".jpg", ...size };
  }

  private remember(key: string, r: ResizedImage): void {
    if (r.bytes.length <= CACHE_BYTES / 4) this.cache.set(key, r); // one image never takes the most of it
  }
}

function hasTransparency(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if ((img.data[i] as number) < 255) return true;
  return false;
}

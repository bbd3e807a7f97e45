import { areaResize, type Rgba } from "./area-resize.ts";

/** A destination rectangle in pixels (fractional allowed). */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Paints `src` scaled into `box` of `dst` (source-over), only inside `clip`. A source much larger than the box is
 * first reduced with the area filter (no aliasing), then sampled bilinearly.
 */
export function drawScaled(dst: Rgba, src: Rgba, box: PixelBox, clip: PixelBox): void {
  let img = src;
  if (src.width > box.w * 1.5 && src.height > box.h * 1.5) {
    img = areaResize(src, Math.max(1, Math.round(box.w)), Math.max(1, Math.round(box.h)));
  }
  const x0 = Math.max(0, Math.floor(Math.max(box.x, clip.x)));
  const y0 = Math.max(0, Math.floor(Math.max(box.y, clip.y)));
  const x1 = Math.min(dst.width, Math.ceil(Math.min(box.x + box.w, clip.x + clip.w)));
  const y1 = Math.min(dst.height, Math.ceil(Math.min(box.y + box.h, clip.y + clip.h)));
  const sx = img.width / box.w;
  const sy = img.height / box.h;
  const d = dst.data;
  const s = img.data;
  for (let y = y0; y < y1; y++) {
    const fy = Math.min(img.height - 1, Math.max(0, (y + 0.5 - box.y) * sy - 0.5));
    const ty = Math.floor(fy);
    const by = Math.min(img.height - 1, ty + 1);
    const wy = fy - ty;
    for (let x = x0; x < x1; x++) {
      const fx = Math.min(img.width - 1, Math.max(0, (x + 0.5 - box.x) * sx - 0.5));
      const lx = Math.floor(fx);
      const rx = Math.min(img.width - 1, lx + 1);
      const wx = fx - lx;
      const a = (ty * img.width + lx) * 4;
      const b = (ty * img.width + rx) * 4;
      const c = (by * img.width + lx) * 4;
      const e = (by * img.width + rx) * 4;
      const o = (y * dst.width + x) * 4;
      const alpha = (mix(s, a, b, c, e, 3, wx, wy)) / 255;
      if (alpha <= 0) continue;
      for (let ch = 0; ch < 3; ch++) d[o + ch] = Math.round(mix(s, a, b, c, e, ch, wx, wy) * alpha + d[o + ch]! * (1 - alpha));
      d[o + 3] = Math.round(255 * (alpha + (d[o + 3]! / 255) * (1 - alpha)));
    }
  }
}

function mix(s: Uint8Array, a: number, b: number, c: number, e: number, ch: number, wx: number, wy: number): number {
  const top = s[a + ch]! * (1 - wx) + s[b + ch]! * wx;
  const bottom = s[c + ch]! * (1 - wx) + s[e + ch]! * wx;
  return top * (1 - wy) + bottom * wy;
}

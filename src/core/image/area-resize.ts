/**
 * Downscaling of RGBA pixels with an area (box) filter: each output pixel is the average of the source area it
 * covers, partial source pixels weighted by their covered fraction. Colour is averaged premultiplied by alpha, so
 * transparent pixels do not bleed their (invisible) colour into the edges. Pure: the caller decodes and encodes.
 */
export interface Rgba {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row, R G B A. */
  data: Uint8Array;
}

/** The size that fits `width`×`height` into maxSize×maxSize keeping the aspect (never larger, at least 1×1). */
export function fitWithin(width: number, height: number, maxSize: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSize) return { width, height };
  const scale = maxSize / longer;
  return { width: Math.max(1, Math.min(maxSize, Math.round(width * scale))), height: Math.max(1, Math.min(maxSize, Math.round(height * scale))) };
}

/** For each output index along one axis: the first source index it covers and the weight of each covered one. */
function spans(src: number, dst: number): { start: Int32Array; weights: Float64Array[] } {
  const start = new Int32Array(dst);
  const weights: Float64Array[] = [];
  const step = src / dst;
  for (let o = 0; o < dst; o++) {
    const lo = o * step;
    const hi = Math.min(src, (o + 1) * step);
    const first = Math.floor(lo);
    const last = Math.min(src - 1, Math.ceil(hi) - 1);
    const w = new Float64Array(last - first + 1);
    for (let i = first; i <= last; i++) w[i - first] = (Math.min(hi, i + 1) - Math.max(lo, i)) / step;
    start[o] = first;
    weights.push(w);
  }
  return { start, weights };
}

/** `src` scaled down to `width`×`height` (each at most the source's); equal sizes give a copy. */
export function areaResize(src: Rgba, width: number, height: number): Rgba {
  if (width < 1 || height < 1 || width > src.width || height > src.height) throw new RangeError(`cannot resize ${src.width}x${src.height} to ${width}x${height}`);
  if (width === src.width && height === src.height) return { width, height, data: src.data.slice() };
  const xs = spans(src.width, width);
  const ys = spans(src.height, height);
  // one source row at a time, horizontally reduced into premultiplied floats, then accumulated into output rows
  const row = new Float64Array(width * 4);
  const acc = new Float64Array(width * 4);
  const out = new Uint8Array(width * height * 4);
  const s = src.data;
  for (let oy = 0; oy < height; oy++) {
    acc.fill(0);
    const yw = ys.weights[oy] as Float64Array;
    const y0 = ys.start[oy] as number;
    for (let k = 0; k < yw.length; k++) {
      const base = (y0 + k) * src.width * 4;
      for (let ox = 0; ox < width; ox++) {
        const xw = xs.weights[ox] as Float64Array;
        let p = base + (xs.start[ox] as number) * 4;
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let j = 0; j < xw.length; j++, p += 4) {
          const wa = (xw[j] as number) * (s[p + 3] as number);
          r += wa * (s[p] as number);
          g += wa * (s[p + 1] as number);
          b += wa * (s[p + 2] as number);
          a += wa;
        }
        const q = ox * 4;
        row[q] = r;
        row[q + 1] = g;
        row[q + 2] = b;
        row[q + 3] = a;
      }
      const w = yw[k] as number;
      for (let q = 0; q < row.length; q++) acc[q] = (acc[q] as number) + w * (row[q] as number);
    }
    const obase = oy * width * 4;
    for (let ox = 0; ox < width; ox++) {
      const q = ox * 4;
      const a = acc[q + 3] as number;
      const o = obase + q;
      if (a <= 0) continue; // fully transparent: stays 0 0 0 0
      out[o] = Math.min(255, Math.round((acc[q] as number) / a));
      out[o + 1] = Math.min(255, Math.round((acc[q + 1] as number) / a));
      out[o + 2] = Math.min(255, Math.round((acc[q + 2] as number) / a));
      out[o + 3] = Math.min(255, Math.round(a));
    }
  }
  return { width, height, data: out };
}

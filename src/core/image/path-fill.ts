/**
 * Fills closed polygons with anti-aliasing (non-zero winding): the coverage of each pixel is measured exactly
 * across and on SUBROWS sample lines down. Pure; the caller blends the coverage into its pixels. Contours are flat
 * arrays x0, y0, x1, y1, … in pixels; each is closed back to its first point. Curves are flattened by
 * `flattenQuadratic` / `flattenCubic` first.
 */
export type Contour = number[];

const SUBROWS = 5;

interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  dir: number;
}

/** Calls `blend(x, y, coverage)` (coverage 0..1] for every pixel of width×height the contours touch. */
export function fillContours(contours: readonly Contour[], width: number, height: number, blend: (x: number, y: number, coverage: number) => void): void {
  const edges: Edge[] = [];
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const c of contours) {
    const n = c.length / 2;
    for (let i = 0; i < n; i++) {
      const ax = c[2 * i]!;
      const ay = c[2 * i + 1]!;
      const j = (i + 1) % n;
      const bx = c[2 * j]!;
      const by = c[2 * j + 1]!;
      if (ay === by) continue;
      edges.push(ay < by ? { x0: ax, y0: ay, x1: bx, y1: by, dir: 1 } : { x0: bx, y0: by, x1: ax, y1: ay, dir: -1 });
      minY = Math.min(minY, ay, by);
      maxY = Math.max(maxY, ay, by);
    }
  }
  if (edges.length === 0) return;
  const rowFrom = Math.max(0, Math.floor(minY));
  const rowTo = Math.min(height - 1, Math.ceil(maxY));
  const acc = new Float32Array(width + 1);
  const crossings: Array<{ x: number; dir: number }> = [];
  for (let y = rowFrom; y <= rowTo; y++) {
    let touched = false;
    let lo = width;
    let hi = -1;
    for (let s = 0; s < SUBROWS; s++) {
      const sy = y + (s + 0.5) / SUBROWS;
      crossings.length = 0;
      for (const e of edges) {
        if (sy < e.y0 || sy >= e.y1) continue;
        crossings.push({ x: e.x0 + ((sy - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
      }
      if (crossings.length < 2) continue;
      crossings.sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let k = 0; k < crossings.length - 1; k++) {
        winding += crossings[k]!.dir;
        if (winding === 0) continue;
        const xa = Math.max(0, crossings[k]!.x);
        const xb = Math.min(width, crossings[k + 1]!.x);
        if (xb <= xa) continue;
        touched = true;
        const ia = Math.floor(xa);
        const ib = Math.floor(xb);
        lo = Math.min(lo, ia);
        hi = Math.max(hi, ib);
        if (ia === ib) acc[ia]! += (xb - xa) / SUBROWS;
        else {
          acc[ia]! += (ia + 1 - xa) / SUBROWS;
          for (let i = ia + 1; i < ib; i++) acc[i]! += 1 / SUBROWS;
          acc[ib]! += (xb - ib) / SUBROWS;
        }
      }
    }
    if (!touched) continue;
    for (let x = lo; x <= Math.min(hi, width - 1); x++) {
      const c = acc[x]!;
      if (c > 1e-4) blend(x, y, Math.min(1, c));
      acc[x] = 0;
    }
    acc[width] = 0;
  }
}

/** Appends the points of a quadratic Bézier from (x0, y0) (already in `out`) to `out`. */
export function flattenQuadratic(out: Contour, x0: number, y0: number, cx: number, cy: number, x: number, y: number): void {
  const steps = curveSteps(Math.hypot(cx - x0, cy - y0) + Math.hypot(x - cx, y - cy));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push(u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y);
  }
}

/** Appends the points of a cubic Bézier from (x0, y0) (already in `out`) to `out`. */
export function flattenCubic(out: Contour, x0: number, y0: number, c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
  const steps = curveSteps(Math.hypot(c1x - x0, c1y - y0) + Math.hypot(c2x - c1x, c2y - c1y) + Math.hypot(x - c2x, y - c2y));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push(
      u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x,
      u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y,
    );
  }
}

/** Segments for a curve whose control polygon is `length` pixels long: about one per 2 px, 2 to 64. */
const curveSteps = (length: number) => Math.max(2, Math.min(64, Math.ceil(length / 2)));

/** A rectangle with quarter-circle corners of radius r (a circle when r is half its side), as one contour. */
export function roundedRectContour(x: number, y: number, w: number, h: number, radius: number): Contour {
  const r = Math.max(0, Math.min(radius, w / 2, h / 2));
  if (r === 0) return [x, y, x + w, y, x + w, y + h, x, y + h];
  const out: Contour = [];
  const steps = Math.max(4, Math.min(64, Math.ceil(r)));
  const corner = (cx: number, cy: number, from: number) => {
    for (let i = 0; i <= steps; i++) {
      const a = from + (i / steps) * (Math.PI / 2);
      out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
  };
  corner(x + w - r, y + r, -Math.PI / 2);
  corner(x + w - r, y + h - r, 0);
  corner(x + r, y + h - r, Math.PI / 2);
  corner(x + r, y + r, Math.PI);
  return out;
}

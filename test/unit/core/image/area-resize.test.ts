import { describe, expect, test } from "bun:test";
import { areaResize, fitWithin, type Rgba } from "../../../../src/core/image/area-resize.ts";

function image(width: number, height: number, px: (x: number, y: number) => [number, number, number, number]): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(px(x, y), (y * width + x) * 4);
  return { width, height, data };
}
const at = (img: Rgba, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe("fitWithin", () => {
  test("the longer side fits, aspect kept, never upscaled", () => {
    expect(fitWithin(300, 200, 64)).toEqual({ width: 64, height: 43 });
    expect(fitWithin(200, 300, 64)).toEqual({ width: 43, height: 64 });
    expect(fitWithin(50, 40, 64)).toEqual({ width: 50, height: 40 });
    expect(fitWithin(1000, 1, 10)).toEqual({ width: 10, height: 1 });
  });
});

describe("areaResize", () => {
  test("halving averages each 2x2 block exactly", () => {
    const src = image(4, 2, (x, y) => [x * 60, y * 100, 10, 255]);
    const out = areaResize(src, 2, 1);
    expect(at(out, 0, 0)).toEqual([30, 50, 10, 255]);
    expect(at(out, 1, 0)).toEqual([150, 50, 10, 255]);
  });

  test("a two-colour image keeps both colours away from the seam", () => {
    const src = image(90, 30, (x) => (x < 45 ? [255, 0, 0, 255] : [0, 0, 255, 255]));
    const out = areaResize(src, 30, 10);
    expect(at(out, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(at(out, 14, 5)).toEqual([255, 0, 0, 255]);
    expect(at(out, 15, 5)).toEqual([0, 0, 255, 255]);
    expect(at(out, 29, 9)).toEqual([0, 0, 255, 255]);
  });

  test("non-integer ratios weight partly covered pixels by their share", () => {
    // 3 pixels into 2: the middle one counts half for each output pixel
    const src = image(3, 1, (x) => [[0, 90, 180][x] as number, 0, 0, 255]);
    const out = areaResize(src, 2, 1);
    expect(at(out, 0, 0)).toEqual([30, 0, 0, 255]); // (0·1 + 90·0.5) / 1.5
    expect(at(out, 1, 0)).toEqual([150, 0, 0, 255]); // (90·0.5 + 180·1) / 1.5
  });

  test("transparent pixels do not darken their neighbours' colour", () => {
    const src = image(2, 1, (x) => (x === 0 ? [200, 100, 50, 255] : [0, 0, 0, 0]));
    expect(at(areaResize(src, 1, 1), 0, 0)).toEqual([200, 100, 50, 128]);
    const clear = image(2, 2, () => [9, 9, 9, 0]);
    expect(at(areaResize(clear, 1, 1), 0, 0)).toEqual([0, 0, 0, 0]);
  });

  test("same size is a copy; upscaling refused", () => {
    const src = image(3, 2, (x, y) => [x, y, 7, 255]);
    expect(areaResize(src, 3, 2).data).toEqual(src.data);
    expect(() => areaResize(src, 4, 2)).toThrow(RangeError);
  });
});

/** One-time download links of rendered labels: taken once, expired after their time, the oldest let go first. */
import { expect, test } from "bun:test";
import { DOWNLOAD_TTL_MS, LabelDownloads } from "../../../src/service/cards/labels/label-downloads.ts";
import type { RenderedFile } from "../../../src/service/cards/labels/label-renderer.ts";

const file = (n: number): RenderedFile => ({ contentType: "application/pdf", filename: `f${n}.pdf`, bytes: new Uint8Array([n]), template: "id1-landscape", paper: "a4", cards: n });

test("a token gives its file once; a wrong secret, a bare id or garbage gives nothing", () => {
  const d = new LabelDownloads();
  const token = d.put(file(1));
  const [id, secret] = token.split(".") as [string, string];
  expect(secret).toMatch(/^[0-9a-f]{32}$/);
  expect(d.take(`${id}.${"0".repeat(32)}`)).toBeUndefined();
  expect(d.take(id)).toBeUndefined();
  expect(d.take(`${id}.zz`)).toBeUndefined();
  expect(d.take("")).toBeUndefined();
  expect(d.take(token)?.filename).toBe("f1.pdf");
  expect(d.take(token)).toBeUndefined();
});

test("expires after its time; at most four wait, the oldest goes first", () => {
  let now = 1000;
  const d = new LabelDownloads(() => now);
  const first = d.put(file(1));
  now += DOWNLOAD_TTL_MS;
  expect(d.take(first)).toBeUndefined();
  const tokens = [2, 3, 4, 5, 6].map((n) => d.put(file(n)));
  expect(d.take(tokens[0]!)).toBeUndefined();
  expect(tokens.slice(1).map((t) => d.take(t)?.cards)).toEqual([3, 4, 5, 6]);
});

import { afterAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalManifest, EMPTY_SHA256, goJson, manifestCategories, type RemoteFile } from "../../src/service/backup/remote-manifest.ts";
import { buildPack, packSize, planPacks, readPack, SourceChanged } from "../../src/service/backup/remote-pack.ts";

/** The pack byte layout, the pack plan's limits (oversize files) and the canonical manifest hash. */
const dir = mkdtempSync(join(tmpdir(), "tapserve-pack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

function file(path: string, content: string, category = "zaparoo"): RemoteFile {
  const source = join(dir, path.replaceAll("/", "_"));
  writeFileSync(source, content);
  return { path, source, category, sha256: sha(content), size: Buffer.byteLength(content) };
}

test("a pack is the objects back to back, a JSON footer of {hash, offset, length}, then its length in 4 bytes big-endian", () => {
  const a = file("a.toml", "alpha");
  const b = file("b.toml", "bravo!!");
  const plan = planPacks([a, b], new Set([a.sha256, b.sha256]));
  expect(plan.packs.length).toBe(1);
  const { body, hash } = buildPack(plan.packs[0]!);
  expect(hash).toBe(sha(body));
  expect(body.length).toBe(plan.packs[0]!.size);
  const footer = `[{"hash":"${a.sha256}","offset":0,"length":5},{"hash":"${b.sha256}","offset":5,"length":7}]`;
  const expected = Buffer.concat([Buffer.from("alphabravo!!"), Buffer.from(footer), Buffer.from([0, 0, (footer.length >> 8) & 255, footer.length & 255])]);
  expect(Buffer.from(body)).toEqual(expected);
  expect(readPack(body).map((o) => new TextDecoder().decode(o.data))).toEqual(["alpha", "bravo!!"]);
});

test("only missing, non-empty objects are packed, once per content; categories never share a pack", () => {
  const a = file("a.toml", "same");
  const a2 = file("copy/a.toml", "same");
  const empty = file("empty.toml", "");
  const known = file("known.toml", "already there");
  const save = file("game.sav", "save data", "saves");
  const plan = planPacks([save, a, a2, empty, known], new Set([a.sha256, empty.sha256, save.sha256]));
  expect(plan.packs.map((p) => p.files.map((f) => f.path))).toEqual([["a.toml"], ["game.sav"]]);
  expect(empty.sha256).toBe(EMPTY_SHA256);
});

test("packs close at the target size; a file too large for any pack is skipped with every copy of it", () => {
  const files = [file("1.toml", "x".repeat(40)), file("2.toml", "y".repeat(40)), file("3.toml", "z".repeat(40))];
  const big = file("big.db", "b".repeat(500));
  const bigCopy = file("big-copy.db", "b".repeat(500));
  const all = [...files, big, bigCopy];
  const limits = { targetBytes: 100, maxBytes: 400 };
  const plan = planPacks(all, new Set(all.map((f) => f.sha256)), limits);
  expect(plan.packs.map((p) => p.files.map((f) => f.path))).toEqual([["1.toml", "2.toml"], ["3.toml"]]);
  expect(plan.skipped.map((f) => f.path).sort()).toEqual(["big-copy.db", "big.db"]);
  for (const p of plan.packs) expect(p.size).toBeLessThanOrEqual(limits.maxBytes);
  expect(plan.uploadBytes).toBe(plan.packs.reduce((n, p) => n + p.size, 0));
  expect(packSize([big])).toBeGreaterThan(limits.maxBytes);
});

test("a file that changed after it was hashed stops the pack", () => {
  const a = file("changing.toml", "before");
  const plan = planPacks([a], new Set([a.sha256]));
  writeFileSync(a.source, "after!");
  expect(() => buildPack(plan.packs[0]!)).toThrow(SourceChanged);
});

test("the canonical manifest: categories and paths sorted, empty categories dropped, HTML characters escaped as the reference does", () => {
  const b = file("b&<x>.toml", "b");
  const a = file("a.toml", "a");
  const cats = { ...manifestCategories([b, a]), settings: [] };
  const { text, hash } = canonicalManifest(cats);
  expect(text).toBe(`{"format":"cas-v1","categories":{"zaparoo":[{"path":"a.toml","sha256":"${a.sha256}","size":1},{"path":"b\\u0026\\u003cx\\u003e.toml","sha256":"${b.sha256}","size":1}]}}`);
  expect(hash).toBe(sha(text));
  expect(goJson("\u2028")).toBe('"\\u2028"');
});

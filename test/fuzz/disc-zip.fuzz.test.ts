/**
 * Media containers read from outside bytes: an ISO 9660 disc's identity and token file, a ZIP's central
 * directory. Any bytes give a result or the module's own failure, reads stay bounded, built images read back.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { dateUuid, parseDirectoryRecord, readDiscIdentity, SECTOR, volumeLabel } from "../../src/core/disc/iso9660.ts";
import { centralDirectoryNames, locateCentralDirectory, ZIP_TAIL_BYTES, ZipFormatError } from "../../src/core/zip/central-directory.ts";
import { anyBytes, mutatedBytes, onlyThrows, wellFormed } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const PVD_AT = 0x8000;
const ROOT_SECTOR = 18;
const FILE_SECTOR = 19;

interface Disc {
  label: string;
  modified: string;
  file: Uint8Array | null;
}

function dirRecord(extent: number, length: number, flags: number, id: Uint8Array): Uint8Array {
  const len = 33 + id.length + ((33 + id.length) % 2);
  const r = new Uint8Array(len);
  const v = new DataView(r.buffer);
  r[0] = len;
  v.setUint32(2, extent, true);
  v.setUint32(10, length, true);
  r[25] = flags;
  r[32] = id.length;
  r.set(id, 33);
  return r;
}

/** A minimal ISO 9660 image: primary descriptor, terminator, a root directory with ZAPAROO.TXT;1. */
function buildIso(d: Disc): Uint8Array {
  const image = new Uint8Array((FILE_SECTOR + 1) * SECTOR + (d.file?.length ?? 0));
  image.set([1, ...ascii("CD001"), 1], PVD_AT);
  image.set(ascii(d.label.padEnd(32, " ")), PVD_AT + 40);
  image.set(dirRecord(ROOT_SECTOR, SECTOR, 2, Uint8Array.of(0)), PVD_AT + 156);
  image.set([...ascii(d.modified), 0], PVD_AT + 830);
  image.set([0xff, ...ascii("CD001"), 1], PVD_AT + SECTOR);
  let at = ROOT_SECTOR * SECTOR;
  for (const r of [dirRecord(ROOT_SECTOR, SECTOR, 2, Uint8Array.of(0)), dirRecord(ROOT_SECTOR, SECTOR, 2, Uint8Array.of(1))]) at += (image.set(r, at), r.length);
  if (d.file) image.set(dirRecord(FILE_SECTOR, d.file.length, 0, ascii("ZAPAROO.TXT;1")), at);
  if (d.file) image.set(d.file, FILE_SECTOR * SECTOR);
  return image;
}

const discArb: fc.Arbitrary<Disc> = fc.record({
  label: fc.stringMatching(/^[A-Z0-9_]{1,32}$/),
  modified: fc.stringMatching(/^[0-9]{16}$/).filter((s) => !/^0+$/.test(s)),
  file: fc.option(fc.uint8Array({ minLength: 1, maxLength: 3000 }), { nil: null }),
});

/** A built image with edits in the parts a parser reads: the descriptor's head and the root directory. */
const isoArb = fc.tuple(discArb, mutatedBytes(fc.constant(new Uint8Array(200))), mutatedBytes(fc.constant(new Uint8Array(120))), fc.boolean()).map(([d, pvdEdits, dirEdits, raw]) => {
  const image = buildIso(d);
  const patch = (edits: Uint8Array, at: number) => (raw ? image.set(edits.subarray(0, 200), at) : edits.forEach((b, i) => (image[at + i] = (image[at + i] ?? 0) ^ b)));
  patch(pvdEdits, PVD_AT + 120);
  patch(dirEdits, ROOT_SECTOR * SECTOR);
  return image;
});

function reader(image: Uint8Array) {
  const calls: Array<[number, number]> = [];
  const readAt = async (offset: number, length: number) => (calls.push([offset, length]), image.slice(offset, offset + length));
  return { calls, readAt };
}

/** A ZIP's central directory and end record (the local headers are not read by the listing). */
function buildZip(names: readonly string[], lead: number, comment: Uint8Array): Uint8Array {
  const enc = new TextEncoder();
  const entries = names.map((n) => {
    const name = enc.encode(n);
    const e = new Uint8Array(46 + name.length);
    const v = new DataView(e.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(8, 0x800, true);
    v.setUint16(28, name.length, true);
    e.set(name, 46);
    return e;
  });
  const cdSize = entries.reduce((n, e) => n + e.length, 0);
  const out = new Uint8Array(lead + cdSize + 22 + comment.length);
  let at = lead;
  for (const e of entries) at += (out.set(e, at), e.length);
  const v = new DataView(out.buffer, at);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(10, names.length, true);
  v.setUint32(12, cdSize, true);
  v.setUint32(16, lead, true);
  v.setUint16(20, comment.length, true);
  out.set(comment, at + 22);
  return out;
}

const zipNames = fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).filter((n) => !n.endsWith("/") && !n.includes("\\") && wellFormed(n) === n), { maxLength: 8 });
const zipArb = fc.oneof(anyBytes(200), mutatedBytes(fc.tuple(zipNames, fc.nat(40), anyBytes(30)).map(([n, lead, c]) => buildZip(n, lead, c))));

/** Lists a ZIP held in memory; only ZipFormatError may escape. */
function listZip(file: Uint8Array): string[] | undefined {
  const tail = file.subarray(Math.max(0, file.length - ZIP_TAIL_BYTES));
  return onlyThrows(ZipFormatError, () => {
    const loc = locateCentralDirectory(tail, file.length, (o, n) => file.slice(o, o + n));
    expect(loc.offset + loc.size).toBeLessThanOrEqual(file.length);
    return centralDirectoryNames(file.subarray(loc.offset, loc.offset + loc.size), loc.entries);
  });
}

describe("fuzz: disc and archive containers", () => {
  test("iso9660.readDiscIdentity: any image gives null or an identity; reads stay bounded; built images read back", async () => {
    await fuzz(
      fc.asyncProperty(isoArb, discArb, async (image, disc) => {
        const { calls, readAt } = reader(image);
        const id = await readDiscIdentity(readAt);
        expect(calls.length).toBeLessThanOrEqual(16 + Math.ceil(image.length / SECTOR) + 2);
        for (const [, length] of calls) expect(length).toBeLessThanOrEqual(1024 * 1024);
        if (id) {
          expect([0, 22]).toContain(id.uuid.length);
          expect(id.label.length).toBeLessThanOrEqual(32);
          expect(id.tokenFile.data.length).toBeLessThanOrEqual(1024 * 1024);
        }
        const built = await readDiscIdentity(reader(buildIso(disc)).readAt);
        const m = disc.modified;
        expect(built?.label).toBe(disc.label);
        expect(built?.uuid).toBe([m.slice(0, 4), m.slice(4, 6), m.slice(6, 8), m.slice(8, 10), m.slice(10, 12), m.slice(12, 14), m.slice(14)].join("-"));
        expect(built?.tokenFile).toEqual(disc.file ? { state: "present", data: disc.file } : { state: "absent", data: new Uint8Array() });
      }),
      0.5,
    );
  }, fuzzTimeout());

  test("iso9660 fields: directory records, dates and labels from any bytes", () => {
    fuzz(
      fc.property(anyBytes(300), (raw) => {
        const r = parseDirectoryRecord(raw);
        if (r) expect(33 + r.identifier.length).toBeLessThanOrEqual(raw[0]!);
        expect([0, 22]).toContain(dateUuid(raw.subarray(0, 17)).length);
        expect(volumeLabel(raw).length).toBeLessThanOrEqual(32);
      }),
    );
  }, fuzzTimeout());

  test("zip.locateCentralDirectory + centralDirectoryNames: any file lists names or fails with ZipFormatError; built archives read back", () => {
    fuzz(
      fc.property(zipArb, zipNames, fc.nat(40), anyBytes(30), (file, names, lead, comment) => {
        const listed = listZip(file);
        if (listed) expect(listed.join("").length).toBeLessThanOrEqual(file.length);
        expect(listZip(buildZip(names, lead, comment))).toEqual(names);
      }),
    );
  }, fuzzTimeout());
});

import { expect, test } from "bun:test";
import { crc32 } from "../../../src/core/zip/crc32.ts";
import { centralDirectoryNames, locateCentralDirectory } from "../../../src/core/zip/central-directory.ts";
import { readStoredZip, writeStoredZip } from "../../../src/core/zip/stored-zip.ts";

const enc = new TextEncoder();

test("crc32 known answer", () => {
  expect(crc32(enc.encode("123456789"))).toBe(0xcbf43926);
  expect(crc32(new Uint8Array())).toBe(0);
});

test("a written archive reads back, and the existing directory reader names its members", () => {
  const members = [
    { name: "manifest.json", data: enc.encode("{}") },
    { name: "mappings/ä.toml", data: enc.encode("x = 1\n") },
    { name: "empty", data: new Uint8Array() },
  ];
  const zip = writeStoredZip(members, new Date("2026-07-10T12:00:00Z"));
  const back = readStoredZip(zip);
  expect(back.map((m) => m.name)).toEqual(members.map((m) => m.name));
  expect(back.map((m) => new TextDecoder().decode(m.data))).toEqual(["{}", "x = 1\n", ""]);
  const loc = locateCentralDirectory(zip, zip.length, (o, n) => zip.subarray(o, o + n));
  expect(centralDirectoryNames(zip.subarray(loc.offset, loc.offset + loc.size), loc.entries)).toEqual(members.map((m) => m.name));
});

test("a flipped byte in a member fails its CRC", () => {
  const zip = writeStoredZip([{ name: "a", data: enc.encode("hello") }], new Date());
  zip[31] = zip[31]! ^ 1; // inside "hello" (30-byte header + 1-byte name)
  expect(() => readStoredZip(zip)).toThrow(/CRC-32/);
});

/**
 * The generated fact tables (src/core/tags/data/) against the reference's source, when its mirror is present,
 * and the invariants the reference's own table tests state.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { generateTagTables } from "../../../build/tag-tables.ts";
import * as tags from "../../../src/core/tags/index.ts";

const mirror = process.env.ZAPAROO_CORE_GIT ?? "/work/.mirror/ZaparooProject+zaparoo-core/repo";
const dataDir = new URL("../../../src/core/tags/data/", import.meta.url).pathname;

describe.skipIf(!existsSync(mirror))("tables match the reference's source", () => {
  test("every generated file is current", () => {
    for (const [name, text] of generateTagTables(mirror)) {
      expect({ name, text: readFileSync(dataDir + name, "utf8") }).toEqual({ name, text });
    }
  });
});

describe("table invariants", () => {
  test("keywords are trimmed and lower case", () => {
    for (const k of tags.filenameTagKeywords()) expect(k).toBe(k.trim().toLowerCase());
  });

  test("keyword tags are of known types", () => {
    const known = new Set(Object.keys(tags.canonicalTagDefinitions));
    for (const k of tags.filenameTagKeywords()) {
      for (const t of tags.mapFilenameTagToCanonical(k)) expect(known.has(t.type)).toBe(true);
    }
  });

  test("no value is defined twice for a type", () => {
    for (const values of Object.values(tags.canonicalTagDefinitions)) expect(new Set(values).size).toBe(values.length);
  });

  test("a keyword's tags are copies the caller may not change", () => {
    const a = tags.mapFilenameTagToCanonical("usa");
    expect(Object.isFrozen(a)).toBe(true);
    expect(tags.mapFilenameTagToCanonical("USA ")).toEqual(a);
    expect(tags.mapFilenameTagToCanonical("not-a-keyword")).toEqual([]);
  });

  test("alias targets are defined tags and never aliases themselves", () => {
    const defined = new Set(
      Object.entries(tags.canonicalTagDefinitions).flatMap(([type, values]) => values.map((v) => `${type}:${v}`)),
    );
    for (const old of ["addon:barcodeboy", "addon:controller:jcart", "addon:controller:rumble", "distribution:virtualconsole"]) {
      const target = tags.canonicalizeTagAlias(old);
      expect(target).not.toBe(old);
      expect(defined.has(target)).toBe(true);
      expect(tags.canonicalizeTagAlias(target)).toBe(target);
    }
  });
});

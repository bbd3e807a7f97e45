import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { systemCatalog } from "../../../src/core/systems/catalog.ts";

// Differential checks against the reference's own answers (test/data/oracle/, written by test/oracle/regen.sh).
const dir = new URL("../../data/oracle/", import.meta.url).pathname;
const catalog = systemCatalog();

function readText(name: string): string | undefined {
  if (existsSync(dir + name)) return readFileSync(dir + name, "utf8");
  if (existsSync(`${dir}${name}.gz`)) return gunzipSync(readFileSync(`${dir}${name}.gz`)).toString("utf8");
  return undefined;
}

interface DumpedSystem {
  id: string;
  mediaType: string;
  aliases: string[] | null;
  fallbacks: string[] | null;
  slugs: string[] | null;
}

const dump = readText("systems.json");
describe.skipIf(dump === undefined)("systems.json against the reference's system definitions", () => {
  const systems = JSON.parse(dump ?? "[]") as DumpedSystem[];

  test("the same systems", () => {
    expect(catalog.all.map((s) => s.id).sort()).toEqual(systems.map((s) => s.id).sort());
  });

  test("the same media types, aliases, custom slugs and fallbacks", () => {
    const ours = systems.map((s) => {
      const c = catalog.byIdExact(s.id);
      return { id: s.id, mediaType: c?.mediaType, aliases: c?.aliases, fallbacks: c?.fallbacks, slugs: c?.slugs };
    });
    const theirs = systems.map((s) => ({ id: s.id, mediaType: s.mediaType, aliases: s.aliases ?? [], fallbacks: s.fallbacks ?? [], slugs: s.slugs ?? [] }));
    expect(ours).toEqual(theirs);
  });
});

const names = readText("system-names.jsonl");
describe.skipIf(names === undefined)("lookupSystem against the reference's LookupSystem", () => {
  test("every name resolves to the same system (or to none)", () => {
    const lines = (names ?? "").split("\n").filter((l) => l !== "");
    const differ: string[] = [];
    for (const line of lines) {
      const { input, output } = JSON.parse(line) as { input: { name: string }; output: { id?: string; error?: string } };
      const got = catalog.lookupSystem(input.name)?.id;
      if (got !== output.id) differ.push(`${JSON.stringify(input.name)}: reference ${output.id ?? output.error}, ours ${got ?? "unknown"}`);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(differ.slice(0, 20)).toEqual([]);
  });
});

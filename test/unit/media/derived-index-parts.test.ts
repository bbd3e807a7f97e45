import { describe, expect, test } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DerivedIndexBuilder, type DerivedLists } from "../../../src/core/media/derived-index.ts";
import { indexTagsOfFile } from "../../../src/core/media/index-tags.ts";
import { DerivedChunks } from "../../../src/service/media/derived-chunks.ts";

/**
 * An index run's derived tables are built in pieces: the index thread adds the first files, the writer builds the
 * last ones apart (`part`) and the thread merges them. The tables must be those one builder makes of every file,
 * over real No-Intro names (their index tags as the run reads them), cut anywhere.
 */
const ROM_NAMES = join(import.meta.dir, "../../data/rom-names");

function realNames(): string[] {
  const names: string[] = [];
  for (const f of readdirSync(ROM_NAMES).sort()) {
    if (!f.endsWith(".txt")) continue;
    for (const line of readFileSync(join(ROM_NAMES, f), "utf8").split("\n")) if (line !== "") names.push(`${line}.sfc`);
  }
  return names;
}

/** Every 7th file named by the platform (found by that name too), the rest titled from their names. */
function addFiles(chunks: DerivedChunks, names: readonly string[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const file = names[i] as string;
    chunks.add(file, false, file.slice(0, 3), i % 7 === 0 ? `Named ${i % 50}` : undefined, indexTagsOfFile(file, false, "Game"));
  }
  chunks.flush();
}

/** The lists of the names, the files from each cut on built apart and merged into the builder of those before. */
function built(names: readonly string[], cuts: readonly number[]): DerivedLists {
  const bounds = [0, ...cuts, names.length];
  const main = new DerivedIndexBuilder(false);
  addFiles(new DerivedChunks((c) => main.add(c), () => false), names, 0, bounds[1] as number);
  for (let b = 1; b < bounds.length - 1; b++) {
    const first = (bounds[b] as number) + 1;
    const apart = new DerivedIndexBuilder(false, first);
    addFiles(new DerivedChunks((c) => apart.add(c), () => false, first), names, bounds[b] as number, bounds[b + 1] as number);
    // as it crosses to the thread
    main.merge(structuredClone(apart.part()));
  }
  const third = Math.floor(names.length / 3);
  return main.lists([
    { row: 1, first: 1, last: third },
    { row: 2, first: third + 1, last: 2 * third },
    { row: 3, first: 2 * third + 1, last: names.length },
  ]);
}

describe("derived index built in parts", () => {
  test("the word and tag lists of parts merged are those of one builder, wherever the files are cut", () => {
    const names = realNames();
    expect(names.length).toBeGreaterThan(20_000);
    const whole = built(names, []);
    expect(whole.tags.counts.length).toBeGreaterThan(50);
    expect(whole.tagSystems.length).toBeGreaterThan(whole.tags.counts.length);
    for (const cuts of [[1], [Math.floor(names.length / 2)], [100, 8192, 8193, names.length - 1]]) {
      const parts = built(names, cuts);
      expect([cuts, parts.words.names]).toEqual([cuts, whole.words.names]);
      for (const k of ["counts", "ends", "blob"] as const) {
        expect(parts.words[k]).toEqual(whole.words[k] as never);
        expect(parts.tags[k]).toEqual(whole.tags[k] as never);
      }
      expect(parts.tags.names).toBe(whole.tags.names);
      expect(parts.tagSystemEnds).toEqual(whole.tagSystemEnds);
      expect(parts.tagSystems).toEqual(whole.tagSystems);
    }
  });

  test("a part that does not follow the files added is refused", () => {
    const main = new DerivedIndexBuilder(false);
    addFiles(new DerivedChunks((c) => main.add(c), () => false), ["A (USA).sfc", "B (Japan).sfc"], 0, 2);
    const apart = new DerivedIndexBuilder(false, 5);
    addFiles(new DerivedChunks((c) => apart.add(c), () => false, 5), ["", "", "", "", "C (Europe).sfc"], 4, 5);
    expect(() => main.merge(apart.part())).toThrow("part starts at 5, expected 3");
  });
});

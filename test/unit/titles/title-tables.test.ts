import { describe, expect, test } from "bun:test";
import { goOrder, nativeOrderIsGoOrder } from "../../../src/core/titles/go-order.ts";
import { compareGoStrings } from "../../../src/core/titles/go-strings.ts";
import { PackedStrings } from "../../../src/core/titles/packed-strings.ts";
import { TitleIndex } from "../../../src/core/titles/title-index.ts";
import { uintArrayOf } from "../../../src/core/titles/uint-arrays.ts";

describe("compact title tables", () => {
  test("packed strings read back every string, across chunks, empty ones and wide characters", () => {
    const strings = Array.from({ length: 700 }, (_, i) => (i % 7 === 0 ? "" : i === 300 ? "ドラゴンクエスト🐉" : `name ${i}`));
    const packed = new PackedStrings(strings.length, (i) => strings[i] as string);
    expect(packed.length).toBe(700);
    expect(Array.from({ length: 700 }, (_, i) => packed.get(i))).toEqual(strings);
    expect(new PackedStrings(0, () => "").length).toBe(0);
  });

  test("integers take the fewest bytes that hold them", () => {
    expect(uintArrayOf([1, 255])).toBeInstanceOf(Uint8Array);
    expect(uintArrayOf([256])).toBeInstanceOf(Uint16Array);
    expect(uintArrayOf([70_000])).toBeInstanceOf(Uint32Array);
  });

  test("the native order stands in for Go's only where they agree", () => {
    const mixed = ["\uFF21", "😀", "a"];
    expect(nativeOrderIsGoOrder(mixed)).toBe(false);
    expect([...mixed].sort(goOrder(false))).toEqual([...mixed].sort(compareGoStrings));
    expect([...mixed].sort(goOrder(false))).toEqual(["a", "\uFF21", "😀"]);
    const plain = ["zelda", "Zelda", "é", "mario"];
    expect(nativeOrderIsGoOrder(plain)).toBe(true);
    expect([...plain].sort(goOrder(true))).toEqual([...plain].sort(compareGoStrings));
  });

  test("paths come back whole, with or without folder or extension", () => {
    const paths = ["Tetris.gb", "/r/v1.2/Tetris", "/r/Tetris (USA).gb", "/r/.gb", "/r/a.b/Tetris.tar.gz", "/r/Tetris (Japan).GB"];
    const idx = new TitleIndex(
      paths.map((path, i) => ({ id: i + 1, systemId: "Gameboy", path })),
      { systemId: "Gameboy", mediaType: "Game" },
    );
    const found = idx.searchMediaBySlugPrefix("Gameboy", "t").map((r) => r.path);
    expect([...found].sort()).toEqual(paths.filter((p) => p !== "/r/.gb").sort());
    expect(idx.rowCount).toBe(6);
    expect(idx.tableBytes).toBeGreaterThan(0);
  });
});

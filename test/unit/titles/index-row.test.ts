import { describe, expect, test } from "bun:test";
import { isValidExtension, rowFragments } from "../../../src/core/titles/index-row.ts";

const tagStrings = (f: ReturnType<typeof rowFragments>) => f.tags.map((t) => `${t.type}:${t.value}`);

// Vectors of the reference's pkg/database/mediascanner/indexing_pipeline_test.go (GetPathFragments).
describe("rowFragments", () => {
  test("a hack with a patch suffix keeps the main title and reads the patch", () => {
    const f = rowFragments("/media/fat/games/SNES/Super Castlevania IV (U) FastROM (Hack) v1.1 Vitor Vilela.sfc", "Game");
    expect(f.title).toBe("Super Castlevania IV");
    expect(f.slug).toBe("supercastlevania4");
    expect(tagStrings(f)).toContain("unlicensed:hack");
    expect(tagStrings(f)).toContain("patch:fastrom:1-1");
    expect(tagStrings(f)).not.toContain("rev:1-1");
    expect(tagStrings(f)).toContain("extension:sfc");
  });

  test.each([
    ["Movie", ".mkv"],
    ["Music", ".flac"],
  ] as const)("%p names keep the patch words in the title", (mediaType, ext) => {
    const f = rowFragments(`/media/fat/Super Castlevania IV (U) FastROM (Hack) v1.1 Vitor Vilela${ext}`, mediaType);
    expect(f.title).toBe("Super Castlevania IV FastROM v1.1 Vitor Vilela");
    expect(tagStrings(f)).not.toContain("patch:fastrom:1-1");
  });

  test("the title is the same whatever the media type", () => {
    expect(rowFragments("/games/snes/Super Mario World.sfc", "Movie").title).toBe(
      rowFragments("/games/snes/Super Mario World.sfc", "Game").title,
    );
  });

  test("a given title wins; tags still come from the file name", () => {
    const f = rowFragments("/games/snes/sm64 (USA) (Rev 1).sfc", "Game", { title: "Super Mario 64" });
    expect(f.title).toBe("Super Mario 64");
    expect(f.slug).toBe("supermario64");
    expect(tagStrings(f)).toContain("region:us");
    expect(rowFragments("/media/fat/games/NEOGEO/mslug.zip", "Game").title).toBe("mslug");
  });

  test("only alphanumeric extensions are extensions; an upper-case one stays in the name", () => {
    expect(isValidExtension(".sfc")).toBe(true);
    expect(isValidExtension(".s-c")).toBe(false);
    expect(isValidExtension(".")).toBe(false);
    const upper = rowFragments("/r/Game.SFC", "Game");
    expect(upper.ext).toBe(".sfc");
    expect(upper.fileName).toBe("Game.SFC");
    expect(rowFragments("/r/Game.s~c", "Game")).toMatchObject({ ext: "", fileName: "Game.s~c" });
  });

  test("a title without a slug falls back to the lower-cased file name", () => {
    const f = rowFragments("/r/!!!.nes", "Game");
    expect(f.slug).toBe("!!!");
  });
});

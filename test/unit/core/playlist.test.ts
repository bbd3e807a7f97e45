import { describe, expect, test } from "bun:test";
import { folderItems, parseJsonList, parseM3u, parsePls } from "../../../src/core/playlist/parse.ts";
import { current, goTo, needsUpdate, newPlaylist, next, parseRepeat, parseSlot, pause, play, previous, shuffled } from "../../../src/core/playlist/playlist.ts";

const items = ["a", "b", "c"].map((n) => ({ name: n, zapScript: `/m/${n}.bin` }));

describe("playlist positions (the reference's rules)", () => {
  test("next and previous wrap around both ends; goto clamps", () => {
    const p = newPlaylist("id", "Name", items);
    expect(p).toMatchObject({ index: 0, playing: false, slot: "primary", repeat: "none" });
    expect(next(next(next(p))).index).toBe(0);
    expect(previous(p).index).toBe(2);
    expect(goTo(p, 7).index).toBe(2);
    expect(goTo(p, -3).index).toBe(0);
    expect(previous(newPlaylist("e", "E", [])).index).toBe(0);
    expect(current(newPlaylist("e", "E", []))).toBeUndefined();
    expect(current(goTo(p, 1))).toEqual(items[1]);
  });

  test("an update is needed when the current item, playing state or repeat mode changes", () => {
    const p = play(newPlaylist("id", "Name", items));
    expect(needsUpdate(p, p)).toBe(false);
    expect(needsUpdate(pause(p), p)).toBe(true);
    expect(needsUpdate(next(p), p)).toBe(true);
    expect(needsUpdate({ ...p, repeat: "all" }, p)).toBe(true);
  });

  test("repeat, slot and shuffle arguments", () => {
    expect(["", "off", "ALL", "one"].map((r) => parseRepeat(r))).toEqual(["none", "none", "all", "one"]);
    expect(parseRepeat("twice")).toBeInstanceOf(Error);
    expect(parseSlot("Background")).toBe("background");
    expect(parseSlot("side")).toBeInstanceOf(Error);
    const s = shuffled([1, 2, 3, 4], () => 0);
    expect([...s].sort()).toEqual([1, 2, 3, 4]);
    expect(s).not.toEqual([1, 2, 3, 4]);
  });
});

describe("playlist sources", () => {
  const exists = (p: string) => ["/lists/One.bin", "/lists/Two.bin"].includes(p);

  test(".pls: after the header, FileN/TitleN by number; relative names found beside the file", () => {
    const warnings: string[] = [];
    const text = "junk before\n[playlist]\nFile2=sub/Two.bin\nTitle1=First\nFile1=One.bin\nFile3=http://x/y\nVersion=2\n";
    expect(parsePls(text, "/lists/a.pls", exists, (w) => warnings.push(w))).toEqual([
      { name: "First", zapScript: "/lists/One.bin" },
      { name: "", zapScript: "/lists/Two.bin" },
      { name: "", zapScript: "http://x/y" },
    ]);
    expect(warnings).toEqual(["unrecognized line in pls file: Version=2"]);
    expect(() => parsePls("[playlist]\n", "/lists/a.pls", exists)).toThrow("no items found");
  });

  test(".m3u: #EXTINF names the next entry; comments and blank lines skipped", () => {
    expect(parseM3u("\uFEFF#EXTM3U\r\n#EXTINF:-1,Song One\r\nOne.bin\r\n\r\n#comment\r\n/abs/Three.bin\r\n", "/lists/a.m3u", exists)).toEqual([
      { name: "Song One", zapScript: "/lists/One.bin" },
      { name: "", zapScript: "/abs/Three.bin" },
    ]);
    expect(() => parseM3u("#EXTM3U\n", "/lists/a.m3u", exists)).toThrow("no items found");
  });

  test("folder: sorted, without hidden files, extensionless names or files no launcher handles", () => {
    const got = folderItems("/m", ["b.bin", ".h.bin", "README", "a.bin", "x.txt"], (p) => p.endsWith(".bin"));
    expect(got).toEqual([{ name: "a", zapScript: "/m/a.bin" }, { name: "b", zapScript: "/m/b.bin" }]);
    expect(() => folderItems("/m", ["x.txt"], () => false)).toThrow("no valid files found");
  });

  test("JSON list", () => {
    expect(parseJsonList('{"id":"x","name":"X","items":[{"name":"A","zapscript":"**launch:/a"}]}')).toEqual({ id: "x", name: "X", items: [{ name: "A", zapScript: "**launch:/a" }] });
    expect(() => parseJsonList("{nope")).toThrow("invalid playlist json");
    expect(() => parseJsonList('{"items":3}')).toThrow("items must be a list");
  });
});

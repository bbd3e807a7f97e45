import { expect, test } from "bun:test";
import { fillPlaceholders, splitReferenceCommand } from "../../src/core/reference-command.ts";

test("a reference execute line splits as the reference does: quotes group, doubled quotes, no escape character", () => {
  expect(splitReferenceCommand(`vlc "[[media_path]]"`)).toEqual(["vlc", "[[media_path]]"]);
  expect(splitReferenceCommand(`emu 'a b' "say ""hi""" 'it''s' C:\\Games\\x.exe ""`)).toEqual(["emu", "a b", 'say "hi"', "it's", "C:\\Games\\x.exe", ""]);
  expect(splitReferenceCommand("  a\t b  ")).toEqual(["a", "b"]);
  expect(splitReferenceCommand(`emu "open`)).toBeNull();
  expect(splitReferenceCommand(`emu 'open`)).toBeNull();
});

test("placeholders are filled inside one argument; unknown names stay as written", () => {
  const v = { media_path: "/roms/a b.md", system_id: "Genesis", launcher_id: "X", platform: "linux", action: "", install_dir: "", server_url: "", version: "1", "device.hostname": "h", "device.os": "linux", "device.arch": "amd64" };
  expect(fillPlaceholders("--rom=[[media_path]]", v)).toBe("--rom=/roms/a b.md");
  expect(fillPlaceholders("[[ system_id ]]/[[device.os]]/[[nope]]", v)).toBe("Genesis/linux/[[nope]]");
});

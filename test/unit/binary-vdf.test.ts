import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY_VDF_MAX_BYTES, BINARY_VDF_MAX_DEPTH, parseBinaryVdf } from "../../src/platforms/steam/binary-vdf.ts";
import { normalizeShortcutExecutable, shortcutsOf, steamShortcuts } from "../../src/platforms/steam/shortcuts.ts";
import { binaryVdf, shortcutsVdf } from "../fixtures/shortcuts-vdf.ts";
import { tempDir } from "../fixtures/service.ts";

describe("binary VDF reader", () => {
  test("reads nested maps, strings and little-endian 32-bit numbers, keys lowercased", () => {
    const bytes = binaryVdf({ Shortcuts: { "0": { appid: 0xdeadbeef, AppName: "Game é", tags: { "0": "x" } } } });
    expect(parseBinaryVdf(bytes)).toEqual({ shortcuts: { "0": { appid: 0xdeadbeef, appname: "Game é", tags: { "0": "x" } } } });
  });

  test("truncated at every byte, unknown types, empty and oversized input give undefined, never a throw", () => {
    const bytes = binaryVdf({ shortcuts: { "0": { appid: 7, AppName: "A", Exe: "/a" } } });
    for (let n = 0; n < bytes.length; n++) expect(parseBinaryVdf(bytes.subarray(0, n))).toBeUndefined();
    const bad = Uint8Array.from(bytes);
    bad[bytes.indexOf(0x02)] = 0x05;
    expect(parseBinaryVdf(bad)).toBeUndefined();
    expect(parseBinaryVdf(new TextEncoder().encode('"text" { }'))).toBeUndefined();
    expect(parseBinaryVdf(new Uint8Array(BINARY_VDF_MAX_BYTES + 1))).toBeUndefined();
  });

  test("nesting deeper than the limit is refused", () => {
    let deep: Record<string, unknown> = { k: "v" };
    for (let i = 0; i <= BINARY_VDF_MAX_DEPTH; i++) deep = { m: deep };
    expect(parseBinaryVdf(binaryVdf(deep as never))).toBeUndefined();
  });
});

describe("Steam shortcuts", () => {
  test("64-bit rungameid ids as the reference computes them ((appid << 32) | 0x02000000)", () => {
    const list = shortcutsOf(shortcutsVdf([{ appid: 3123456789, AppName: "My Emu", Exe: '"/usr/bin/emu" --x' }]));
    expect(list).toEqual([{ id: ((3123456789n << 32n) | 0x02000000n).toString(), name: "My Emu", exe: '"/usr/bin/emu" --x' }]);
  });

  test("executables normalized as the reference does", () => {
    expect(normalizeShortcutExecutable(' "/opt/a b/run" -f ')).toBe("/opt/a b/run");
    expect(normalizeShortcutExecutable("/usr//bin/x --y")).toBe("/usr/bin/x");
  });

  test("every user's file; blank names and excluded executables skipped; a corrupt file skipped alone", () => {
    const root = tempDir("tapserve-shortcuts-");
    const put = (user: string, bytes: Uint8Array) => {
      mkdirSync(join(root, "userdata", user, "config"), { recursive: true });
      writeFileSync(join(root, "userdata", user, "config", "shortcuts.vdf"), bytes);
    };
    put("100", shortcutsVdf([{ appid: 1, AppName: "One", Exe: "/bin/one" }, { appid: 2, AppName: "", Exe: "/bin/blank" }, { appid: 3, AppName: "Tool", Exe: '"/opt/tool"' }]));
    put("200", shortcutsVdf([{ appid: 4, AppName: "Four", Exe: "/bin/four" }]).subarray(0, 20));
    put("300", shortcutsVdf([{ appid: 5, AppName: "Five", Exe: "/bin/five" }]));
    expect(steamShortcuts(root, ["/opt/tool"]).map((s) => s.name)).toEqual(["One", "Five"]);
    expect(steamShortcuts(join(root, "missing"))).toEqual([]);
  });
});

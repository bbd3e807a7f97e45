import { describe, expect, test } from "bun:test";
import { newestRecentFile, parseRecents, usbStorageSelected } from "../../src/platforms/mister/recents.ts";

/** A recent list as MiSTer Main writes it: 1024 + 256 + 256 NUL-padded bytes per record. */
function list(entries: Array<[string, string, string?]>, pad = 1): Uint8Array {
  const rec = 1536;
  const data = Buffer.alloc(rec * (entries.length + pad));
  entries.forEach(([dir, name, label], i) => {
    data.write(dir, i * rec);
    data.write(name, i * rec + 1024);
    data.write(label ?? name, i * rec + 1280);
  });
  return data;
}

const ctx = { sdRoot: "/media/fat", usb: false, exists: () => false };

describe("MiSTer's recent lists", () => {
  test("records newest first, up to the first empty one; a short last record reads as padded", () => {
    expect(parseRecents(list([["games/SNES", "A.sfc", "A"], ["games/SNES", "B.sfc"]]))).toEqual([
      { directory: "games/SNES", name: "A.sfc", label: "A" },
      { directory: "games/SNES", name: "B.sfc", label: "B.sfc" },
    ]);
    expect(parseRecents(list([["games/NES", "C.nes"]], 0).subarray(0, 1026))).toEqual([{ directory: "games/NES", name: "C.", label: "" }]);
    expect(parseRecents(new Uint8Array(0))).toEqual([]);
    expect(parseRecents(list([]))).toEqual([]);
  });

  test("a core's list names the game: below the SD card, or absolute", () => {
    expect(newestRecentFile("SNES_recent_0.cfg", list([["games/SNES", "A.sfc"], ["games/SNES", "B.sfc"]]), ctx)).toBe("/media/fat/games/SNES/A.sfc");
    expect(newestRecentFile("SNES_recent_1.cfg", list([["/media/usb0/games/SNES/", "A.sfc"]]), ctx)).toBe("/media/usb0/games/SNES/A.sfc");
    expect(newestRecentFile("SNES_recent_0.cfg", list([]), ctx)).toBeUndefined();
    expect(newestRecentFile("SNES.cfg", list([["games/SNES", "A.sfc"]]), ctx)).toBeUndefined();
  });

  test("with USB storage selected (device.bin), the first USB drive holding the game, else the SD card", () => {
    const usb = { ...ctx, usb: true, exists: (p: string) => p === "/media/usb2/games/SNES/A.sfc" };
    expect(newestRecentFile("SNES_recent_0.cfg", list([["games/SNES", "A.sfc"]]), usb)).toBe("/media/usb2/games/SNES/A.sfc");
    expect(newestRecentFile("SNES_recent_0.cfg", list([["games/SNES", "B.sfc"]]), usb)).toBe("/media/fat/games/SNES/B.sfc");
    expect(usbStorageSelected(Uint8Array.from([1, 0, 0, 0]))).toBe(true);
    expect(usbStorageSelected(Uint8Array.from([0, 0, 0, 0, 9]))).toBe(false);
    expect(usbStorageSelected(Uint8Array.from([1]))).toBe(false);
    expect(usbStorageSelected(undefined)).toBe(false);
  });

  test("the main menu's list counts only when its newest is an MGL (below the SD card)", () => {
    expect(newestRecentFile("cores_recent.cfg", list([["MGL", "Game.MGL"]]), { ...ctx, usb: true })).toBe("/media/fat/MGL/Game.MGL");
    expect(newestRecentFile("cores_recent.cfg", list([["_Console", "SNES_20240101.rbf"], ["MGL", "Game.mgl"]]), ctx)).toBeUndefined();
    expect(newestRecentFile("cores_recent.cfg", list([["_Arcade", "Pac-Man.mra"]]), ctx)).toBeUndefined();
  });
});

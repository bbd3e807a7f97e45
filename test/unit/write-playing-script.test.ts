import { describe, expect, test } from "bun:test";
import type { ActiveMedia } from "../../src/core/media-types.ts";
import { playingScript } from "../../src/service/write-playing/playing-script.ts";

const media = (over: Partial<ActiveMedia>): ActiveMedia => ({
  launcherId: "Emu",
  systemId: "SNES",
  systemName: "Super Nintendo",
  mediaPath: "/roms/SNES/Zelda.sfc",
  mediaName: "Zelda",
  started: "2026-01-01T00:00:00Z",
  zapScript: "",
  ...over,
});

describe("the launch script written for what is playing", () => {
  test("a plain launch is written as the user wrote it (relative path, advanced arguments kept)", () => {
    expect(playingScript(media({ zapScript: "SNES/Zelda.sfc" }))).toBe("SNES/Zelda.sfc");
    expect(playingScript(media({ zapScript: "**launch:SNES/Zelda.sfc?launcher=Emu" }))).toBe("**launch:SNES/Zelda.sfc?launcher=Emu");
  });

  test("a script that would start something else next time (random, several commands) writes the media's path", () => {
    expect(playingScript(media({ zapScript: "**launch.random:snes" }))).toBe("/roms/SNES/Zelda.sfc");
    expect(playingScript(media({ zapScript: "**echo:hi||SNES/Zelda.sfc" }))).toBe("/roms/SNES/Zelda.sfc");
    expect(playingScript(media({ zapScript: "" }))).toBe("/roms/SNES/Zelda.sfc");
  });

  test("a path that would not read back as one launch of itself is escaped, or refused", () => {
    expect(playingScript(media({ mediaPath: "/roms/a||b, c?.sfc" }))).toBe("**launch:/roms/a^|^|b^, c^?.sfc");
    expect(() => playingScript(media({ mediaPath: "/roms/[[x]]||y.sfc" }))).toThrow(expect.objectContaining({ data: { reason: "no-script" } }));
  });

  test("a system started without media writes launch.system; nothing playing is refused with no-media", () => {
    expect(playingScript(media({ mediaPath: "", mediaName: "", zapScript: "**launch.system:snes" }))).toBe("**launch.system:snes");
    expect(playingScript(media({ mediaPath: "", mediaName: "", zapScript: "**random:snes" }))).toBe("**launch.system:SNES");
    expect(() => playingScript(null)).toThrow(expect.objectContaining({ kind: "unavailable", data: { reason: "no-media" } }));
    expect(() => playingScript(media({ mediaPath: "", launcherId: "", zapScript: "" }))).toThrow(expect.objectContaining({ data: { reason: "no-script" } }));
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playerCommand } from "../../src/platforms/shared/audio-player.ts";

/** Which program plays a background track: the configured template, else the first fitting player on PATH. */
const bin = mkdtempSync(join(tmpdir(), "tapserve-players-"));
const empty = mkdtempSync(join(tmpdir(), "tapserve-noplayers-"));
for (const name of ["mpg123", "aplay"]) {
  writeFileSync(join(bin, name), "#!/bin/sh\n");
  chmodSync(join(bin, name), 0o755);
}
afterAll(() => [bin, empty].forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("playerCommand", () => {
  test("a template gets the file for {file}, or at its end", () => {
    expect(playerCommand("/m/a b.mp3", "mpv --no-video {file}", "", empty)).toEqual(["mpv", "--no-video", "/m/a b.mp3"]);
    expect(playerCommand("/m/a.mp3", "  ffplay -nodisp  ", "", empty)).toEqual(["ffplay", "-nodisp", "/m/a.mp3"]);
  });

  test("auto-detection picks a player that plays the kind; aplay gets the configured device; none fits: undefined", () => {
    expect(playerCommand("/m/a.MP3", "", "", bin)).toEqual([join(bin, "mpg123"), "-q", "/m/a.MP3"]);
    expect(playerCommand("/m/a.wav", "", "null", bin)).toEqual([join(bin, "aplay"), "-q", "-D", "null", "/m/a.wav"]);
    expect(playerCommand("/m/a.flac", "", "", bin)).toBeUndefined();
    expect(playerCommand("/m/a.wav", "", "", empty)).toBeUndefined();
  });
});

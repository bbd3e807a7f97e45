import { describe, expect, test } from "bun:test";
import { disruptsMedia, effectiveDelay, effectiveTimeout } from "../../../src/core/launch-guard/rules.ts";

describe("launch guard rules", () => {
  test("launches, playlist changes and stop disturb the running media; utility commands do not", () => {
    for (const s of ["SNES/Mario.sfc", "**launch.random:snes", "**launch.title:snes/Mario", "**stop", "**playlist.next", "**echo:x||**launch.system:nes", "**random:snes", "**mister.mgl:<mistergamedescription/>"]) {
      expect(disruptsMedia(s)).toBe(true);
    }
    for (const s of ["**echo:hi", "**input.keyboard:{f12}", "**delay:500", "**http.get:http://lamp.lan/on", "**execute:/usr/bin/true"]) {
      expect(disruptsMedia(s)).toBe(false);
    }
  });

  test("music for the background slot is not guarded; a script that does not parse is", () => {
    expect(disruptsMedia("**launch:music/theme.mp3?slot=background")).toBe(false);
    expect(disruptsMedia("**launch:music/theme.mp3?slot=primary")).toBe(true);
    expect(disruptsMedia("{not a script")).toBe(true);
  });

  test("timeout 0 is the default 15 s, negative is none; the delay never reaches the timeout", () => {
    expect(effectiveTimeout({ timeout: 0 })).toBe(15);
    expect(effectiveTimeout({ timeout: 4 })).toBe(4);
    expect(effectiveTimeout({ timeout: -1 })).toBeNull();
    expect(effectiveDelay({ timeout: 10, delay: 2 })).toBe(2);
    expect(effectiveDelay({ timeout: 10, delay: 10 })).toBe(5);
    expect(effectiveDelay({ timeout: 0, delay: 20 })).toBe(7.5);
    expect(effectiveDelay({ timeout: -1, delay: 3 })).toBe(0);
    expect(effectiveDelay({ timeout: 10, delay: 0 })).toBe(0);
  });
});

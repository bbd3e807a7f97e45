import { describe, expect, test } from "bun:test";
import type { ActiveMedia } from "../../../src/core/media-types.ts";
import type { ScannedToken } from "../../../src/core/token.ts";
import { InsertMode, type ScanSettings } from "../../../src/service/readers/insert-mode.ts";
import { TokenState } from "../../../src/service/readers/token-state.ts";
import { ManualClock } from "../../fakes/clock.ts";

const token = (uid: string, text = ""): ScannedToken => ({ type: "ntag215", uid, text, data: "", scanTime: new Date().toISOString(), source: "reader" });
const media = (systemId: string): ActiveMedia => ({ launcherId: "x", systemId, systemName: systemId, mediaPath: "/g", mediaName: "g", started: "", zapScript: "" });

function setup(settings: ScanSettings, running: ActiveMedia | null = media("SNES")) {
  const timers = new ManualClock();
  const stops: number[] = [];
  let active = running;
  const mode = new InsertMode(() => settings, { current: () => active }, () => {
    stops.push(1);
    active = null;
  }, timers);
  return { timers, stops, mode, setActive: (m: ActiveMedia | null) => (active = m) };
}

describe("insert mode", () => {
  test("tap mode never stops media on removal", async () => {
    const { timers, stops, mode } = setup({ mode: "tap", exit_delay: 0, ignore_system: [] });
    expect(mode.inserted(token("a"))).toBe(true);
    mode.removed(token("a"));
    await timers.advance(10_000);
    expect(stops).toEqual([]);
  });

  test("hold mode stops after the delay, not before", async () => {
    const { timers, stops, mode } = setup({ mode: "hold", exit_delay: 2, ignore_system: [] });
    mode.inserted(token("a"));
    mode.removed(token("a"));
    await timers.advance(1999);
    expect(stops).toEqual([]);
    await timers.advance(1);
    expect(stops).toEqual([1]);
  });

  test("a blocklisted system (any case) keeps running", async () => {
    const { timers, stops, mode } = setup({ mode: "hold", exit_delay: 1, ignore_system: ["snes"] });
    mode.inserted(token("a"));
    mode.removed(token("a"));
    await timers.advance(5000);
    expect(stops).toEqual([]);
  });

  test("the same token back within the delay cancels the stop and is not relaunched; another token is", async () => {
    const { timers, stops, mode } = setup({ mode: "hold", exit_delay: 3, ignore_system: [] });
    mode.inserted(token("a", "x"));
    mode.removed(token("a", "x"));
    await timers.advance(1000);
    expect(mode.inserted(token("a", "x"))).toBe(false);
    await timers.advance(5000);
    expect(stops).toEqual([]);
    mode.removed(token("a", "x"));
    await timers.advance(1000);
    expect(mode.inserted(token("b", "y"))).toBe(true);
    await timers.advance(5000);
    expect(stops).toEqual([]);
  });

  test("media that starts after the removal (a launch in flight) is still stopped when the delay ends", async () => {
    const { timers, stops, mode, setActive } = setup({ mode: "hold", exit_delay: 1, ignore_system: [] }, null);
    mode.inserted(token("a"));
    mode.removed(token("a"));
    setActive(media("NES"));
    await timers.advance(1000);
    expect(stops).toEqual([1]);
  });
});

describe("token state", () => {
  test("a repeat of the token already on a reader is not a new scan; last survives removal", () => {
    const s = new TokenState();
    expect(s.add("r1", token("a", "t"))).toBe(true);
    expect(s.add("r1", token("a", "t"))).toBe(false);
    expect(s.add("r2", token("b"))).toBe(true);
    expect(s.list().map((t) => t.uid)).toEqual(["a", "b"]);
    expect(s.remove("r2")?.uid).toBe("b");
    expect(s.remove("r2")).toBeUndefined();
    expect(s.last()?.uid).toBe("b");
  });
});

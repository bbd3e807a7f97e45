/**
 * The readers service on fakes (test/fakes/reader-driver.ts, a manual clock): notifications for readers and
 * tokens, and insert ("hold") mode, where only a reader that reports `removable` ends the media on removal.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ConfigStore } from "../../../src/config/store.ts";
import type { ActiveMedia } from "../../../src/core/media-types.ts";
import type { ScannedToken } from "../../../src/core/token.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { ServiceEvents } from "../../../src/service/events.ts";
import { ReadersService } from "../../../src/service/readers/readers-service.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeReaderDriver } from "../../fakes/reader-driver.ts";
import { tempDir } from "../../fixtures/service.ts";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function rig(capabilities: Array<"removable" | "write"> = ["removable"], runZapScript = true) {
  const dir = tempDir("tapserve-readers-module-");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const config = new ConfigStore(join(dir, "config.toml"));
  config.load();
  config.update((c) => {
    c.readers.auto_detect = true;
    c.readers.scan = { ...c.readers.scan, mode: "hold", exit_delay: 2, ignore_system: [] };
    c.readers.run_zapscript = runZapScript;
  });
  const clock = new ManualClock();
  const driver = new FakeReaderDriver("fake", true, capabilities);
  const events = new ServiceEvents();
  const heard: string[] = [];
  events.subscribe((method) => void heard.push(method));
  const submitted: ScannedToken[] = [];
  let active: ActiveMedia | null = null;
  const stops: string[] = [];
  const module = new ReadersService({
    runtime: bunRuntime,
    config,
    events,
    authFile: join(dir, "auth.toml"),
    sink: {
      submit(t) {
        submitted.push(t);
        active = { launcherId: "l", systemId: "SNES", systemName: "SNES", mediaPath: "/g", mediaName: t.uid, started: "", zapScript: "" };
      },
    },
    activeMedia: { current: () => active },
    stopMedia() {
      stops.push(active!.mediaName);
      active = null;
    },
    drivers: () => [driver],
    clock,
    passIntervalMs: 1000,
  });
  driver.plug("R1");
  await module.start();
  cleanups.push(() => module.stop());
  return { clock, driver, heard, submitted, stops, module };
}

describe("readers service on fakes", () => {
  test("a detected reader, a tap and a removal are notified in order; hold mode stops the media after the delay", async () => {
    const r = await rig();
    r.driver.reader("R1").present({ uid: "04aa" });
    expect(r.submitted.map((t) => t.uid)).toEqual(["04aa"]);
    r.driver.reader("R1").remove();
    await r.clock.advance(1999);
    expect(r.stops).toEqual([]);
    await r.clock.advance(1);
    expect(r.stops).toEqual(["04aa"]);
    expect(r.heard).toEqual(["readers.added", "tokens.added", "tokens.removed"]);
  });

  test("a reader without `removable` never ends the media in hold mode", async () => {
    const r = await rig([]);
    r.driver.reader("R1").present({ uid: "04bb" });
    r.driver.reader("R1").remove();
    await r.clock.advance(60_000);
    expect(r.stops).toEqual([]);
    expect(r.heard).toEqual(["readers.added", "tokens.added", "tokens.removed"]);
  });

  test("with run_zapscript off a scan is announced and listed but not launched", async () => {
    const r = await rig(["removable"], false);
    r.driver.reader("R1").present({ uid: "04cc", text: "SNES/Game.sfc" });
    expect(r.heard).toEqual(["readers.added", "tokens.added"]);
    expect(r.module.activeTokens().map((t) => t.uid)).toEqual(["04cc"]);
    expect(r.submitted).toEqual([]);
    r.driver.reader("R1").remove();
    await r.clock.advance(60_000);
    expect(r.stops).toEqual([]);
  });
});

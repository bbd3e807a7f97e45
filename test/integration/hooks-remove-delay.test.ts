/**
 * Hold mode with a delayed `readers.scan.on_remove` and `exit_delay`, as the reference does them: when the token
 * leaves, the hook runs first (here it waits 5 s, then calls an HTTP stand-in); putting the token back within that
 * wait cancels the hook (its request is never made) and the media keeps running, not launched again. When the hook
 * ran to the end, the exit comes `exit_delay` (2 s) later, and putting the token back within it cancels the exit.
 * Time is a manual clock; tokens come from a fake reader below the driver seam.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { ManualClock } from "../fakes/clock.ts";
import { startHttpStandIn, type HttpStandIn } from "../fixtures/http-standin.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type TestService } from "../fixtures/service.ts";

const clock = new ManualClock(Date.UTC(2026, 0, 1));
let svc: TestService;
let env: FakeReaderService | undefined;
let client: RpcClient;
let web: HttpStandIn;
let emu: { script: string; record: string };
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);
const reader = () => driver.reader("/dev/fake0");
const TAG = { uid: "04dd01", text: "Genesis/Sonic.md" };
const OTHER = { uid: "04dd02", text: "Genesis/Streets.md" };

const removedCalls = () => web.requests.filter((r) => r.path === "/removed").length;
const active = () => client.call<{ systemId: string } | null>("media.active");
/** The pid the emulator recorded: a new launch writes a new one. */
const launchedPid = () => readFileSync(emu.record, "utf8").split("\n")[0];
const logText = () => readFileSync(join(svc.dataDir, "service.log"), "utf8");

/** Takes the token off and waits until the hook is in its delay (its timer set on the clock). */
async function takeOff(): Promise<void> {
  const before = clock.pending;
  reader().remove();
  await waitFor(() => clock.pending > before || undefined, "the on_remove hook's delay");
}

/** Waits for the hook's request (the `calls`-th), then for the exit it arms when it ends. */
async function hookDone(calls: number): Promise<void> {
  await waitFor(() => removedCalls() === calls || undefined, "the hook's request");
  await waitFor(() => logText().split("media stops in 2s unless it is put back").length - 1 === calls || undefined, "the exit timer");
}

async function launched(): Promise<string> {
  rmSync(emu.record, { force: true });
  reader().present(TAG);
  await waitFor(async () => (await active()) !== null || undefined, "the media to start");
  await waitFor(() => existsSync(emu.record), "the emulator's record");
  return launchedPid()!;
}

beforeAll(async () => {
  web = await startHttpStandIn((_req, res) => res.end("ok"));
  env = await startFakeReaderService({
    prefix: "tapserve-remove-delay-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md"],
    driver,
    emulatorId: "DelayEmu",
    configure: (config) => {
      config.readers!.scan = { mode: "hold", exit_delay: 2, on_remove: `**delay:5000||**http.get:${web.url}/removed` };
      config.zapscript = { allow_http: ["127.0.0.1"] };
    },
    app: { clock, readerHotplug: false },
  });
  ({ svc, client, emu } = env);
});

afterAll(async () => {
  await env?.stop();
  await web?.close();
});

describe("delayed on_remove and exit_delay", () => {
  test("the token put back during the hook's delay cancels the hook: no request, no exit, no relaunch", async () => {
    const pid = await launched();
    await takeOff();
    await clock.advance(4000);
    reader().present(TAG);
    await waitFor(() => logText().includes("readers.scan.on_remove cancelled (removed token put back)") || undefined, "the hook to be cancelled");
    await clock.advance(10_000);
    expect(removedCalls()).toBe(0);
    expect(await active()).toMatchObject({ systemId: "Genesis" });
    expect(launchedPid()).toBe(pid);
  });

  test("after the hook ran, the token put back within exit_delay cancels the exit", async () => {
    await takeOff();
    await clock.advance(5000);
    await hookDone(1);
    await clock.advance(1000);
    expect(await active()).toMatchObject({ systemId: "Genesis" });
    const pid = launchedPid();
    reader().present(TAG);
    await waitFor(() => logText().includes("token put back within the exit delay") || undefined, "the exit to be cancelled");
    await clock.advance(10_000);
    expect(await active()).toMatchObject({ systemId: "Genesis" });
    expect(launchedPid()).toBe(pid);
  });

  test("another token launching during the hook's delay cancels the hook: it launches, the hook's request is never made", async () => {
    await takeOff();
    await clock.advance(2000);
    rmSync(emu.record, { force: true });
    reader().present(OTHER);
    await waitFor(() => logText().includes("readers.scan.on_remove cancelled (another token launched)") || undefined, "the hook to be cancelled");
    await waitFor(() => existsSync(emu.record) || undefined, "the other game's launch");
    await waitFor(async () => ((await client.call<{ mediaPath?: string } | null>("media.active"))?.mediaPath?.endsWith("Streets.md") ? true : undefined), "the other game to run");
    await clock.advance(10_000);
    expect(removedCalls()).toBe(1); // only the earlier test's run
    expect(await active()).toMatchObject({ systemId: "Genesis" });
    reader().remove();
    await waitFor(() => clock.pending > 0 || undefined, "the hook's delay for the other token");
    await clock.advance(5000);
    await hookDone(2);
    await clock.advance(2000);
    await waitFor(async () => (await active()) === null || undefined, "the media to stop");
    await launched();
  });

  test("left off: the hook runs after its delay, then the media stops exit_delay later", async () => {
    await takeOff();
    await clock.advance(4999);
    expect(removedCalls()).toBe(2);
    await clock.advance(1);
    await hookDone(3);
    await clock.advance(1999);
    expect(await active()).toMatchObject({ systemId: "Genesis" });
    await clock.advance(1);
    await waitFor(async () => (await active()) === null || undefined, "the media to stop");
  });
});

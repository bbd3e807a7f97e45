/**
 * `tapserve write-playing` as a real child process against the running service: a real launcher process plays
 * the game, a write-capable reader below the driver seam is the hardware.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { settle } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { runChild } from "../fixtures/process.ts";
import { readerServiceConfig } from "../fixtures/reader-service-config.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

const driver = new FakeReaderDriver("fakenfc", true, ["write", "removable"]);
let root: string;
let svc: TestService;
let rpc: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-cli-write-");
  writeFiles(root, ["roms/SNES/Zelda.sfc"]);
  const emu = writeEmulator(join(root, "emu"));
  driver.plug("/dev/fake0");
  svc = await startService({
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] } }),
    app: { drivers: () => [driver] },
  });
  rpc = await svc.connect();
  await waitFor(async () => (await rpc.call<{ readers: unknown[] }>("readers")).readers.length === 1, "the reader");
});

afterAll(async () => {
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Starts the command and waits until it asks for a tag (its request is then on its way to the service). */
async function writePlaying() {
  const child = runChild(["write-playing", "--port", String(svc.port)]);
  await waitFor(() => child.output().includes("Place a tag"), "the prompt");
  await rpc.call("version");
  await settle();
  return child;
}

describe("tapserve write-playing", () => {
  test("nothing playing: says so, exit 1", async () => {
    const child = runChild(["write-playing", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(1);
    expect(child.output()).toContain("nothing is playing");
  });

  test("writes the playing game's launch script to the next tag and prints it, exit 0", async () => {
    await rpc.call("launch", { text: "SNES/Zelda.sfc" });
    await waitFor(async () => (await rpc.call<{ mediaName: string } | null>("media.active"))?.mediaName === "Zelda", "Zelda playing");
    const child = await writePlaying();
    driver.reader("/dev/fake0").present({ uid: "04aa" });
    expect((await child.exited).code).toBe(0);
    expect(child.output()).toContain('wrote "SNES/Zelda.sfc" to the tag on fakenfc-/dev/fake0');
    expect(driver.reader("/dev/fake0").writes).toEqual(["SNES/Zelda.sfc"]);
    driver.reader("/dev/fake0").remove();
  });

  test("Ctrl-C cancels the wait on the service too: exit 130, the next tag is not written", async () => {
    const child = await writePlaying();
    child.proc.kill("SIGINT");
    expect((await child.exited).code).toBe(130);
    expect(child.output()).toContain("cancelled");
    const launching = rpc.notifications.filter((n) => n.method === "launching").length;
    driver.reader("/dev/fake0").present({ uid: "04bb", text: "SNES/Zelda.sfc" });
    await waitFor(() => rpc.notifications.filter((n) => n.method === "launching").length === launching + 1, "the tag launched as usual");
    expect(driver.reader("/dev/fake0").writes).toEqual(["SNES/Zelda.sfc"]);
  });
});

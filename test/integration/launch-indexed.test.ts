import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";

/** Index-backed launch commands through the whole service, with the real media index. */
let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };

async function launchedPath(): Promise<string> {
  await waitFor(() => existsSync(emu.record), "launcher record");
  const lines = readFileSync(emu.record, "utf8").trim().split("\n");
  rmSync(emu.record);
  return lines.at(-1)!;
}

beforeAll(async () => {
  root = tempDir("tapserve-indexed-");
  writeFiles(join(root, "roms"), ["SNES/Super Mario World (USA).sfc", "SNES/Donkey Kong Country (USA).sfc"]);
  emu = writeEmulator(join(root, "emu"));
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n[[launchers.custom]]\nid = "TestEmu"\nsystems = ["SNES"]\ncommand = ["${emu.script}", "{path}"]\n`,
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
});

afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("launch commands backed by the media index", () => {
  test("@System/Title launches the indexed file", async () => {
    expect(await launchAndWait(client, "@SNES/Super Mario World (USA)")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Super Mario World (USA).sfc"));
    expect(await client.call("media.active")).toMatchObject({ systemId: "SNES", mediaName: "Super Mario World (USA)", launcherId: "TestEmu" });
  });

  test("launch.search and launch.random", async () => {
    expect(await launchAndWait(client, "**launch.search:SNES/donkey kong")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Donkey Kong Country (USA).sfc"));
    expect(await launchAndWait(client, "**launch.random:SNES")).toMatchObject({ success: true });
    expect(await launchedPath()).toStartWith(join(root, "roms/SNES/"));
  });

  test("a search result's zapScript launches it", async () => {
    const { results } = await client.call<{ results: Array<{ zapScript: string; name: string }> }>("media.search", { query: "mario" });
    expect(results.length).toBeGreaterThan(0);
    expect(await launchAndWait(client, results[0]!.zapScript)).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Super Mario World (USA).sfc"));
  });

  test("unknown titles and systems fail with success false", async () => {
    expect(await launchAndWait(client, "@SNES/No Such Game")).toMatchObject({ success: false });
    expect(await launchAndWait(client, "**launch.random:NoSuchSystem")).toMatchObject({ success: false });
  });
});

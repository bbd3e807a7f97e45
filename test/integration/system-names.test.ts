import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";

/** Systems named as users write them (any case, aliases, natural names) and fallbacks, through the whole service. */
let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };

const GENESIS = "roms/megadrive/Sonic the Hedgehog (USA, Europe).md";
const SNES = "roms/SNES/Super Mario World (USA).sfc";

async function launchedPath(): Promise<string> {
  await waitFor(() => existsSync(emu.record), "launcher record");
  const lines = readFileSync(emu.record, "utf8").trim().split("\n");
  rmSync(emu.record);
  return lines.at(-1)!;
}

async function launched(script: string): Promise<string> {
  const entry = await launchAndWait(client, script);
  expect({ script, success: entry.success, error: entry.trace?.error }).toEqual({ script, success: true, error: undefined });
  return launchedPath();
}

async function failure(script: string): Promise<string | undefined> {
  const entry = await launchAndWait(client, script);
  expect(entry.success).toBe(false);
  return entry.trace?.error;
}

beforeAll(async () => {
  root = tempDir("tapserve-system-names-");
  writeFiles(root, [GENESIS, SNES]);
  emu = writeEmulator(join(root, "emu"));
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n[[launchers.custom]]\nid = "TestEmu"\nsystems = ["SNES", "Genesis"]\ncommand = ["${emu.script}", "{path}"]\n`,
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
});

afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("system names in scripts", () => {
  test("launch.random by alias, lowercase id and natural name", async () => {
    expect(await launched("**launch.random:megadrive")).toBe(join(root, GENESIS));
    expect(await launched("**launch.random:genesis")).toBe(join(root, GENESIS));
    expect(await launched("**launch.random:Sega Mega Drive")).toBe(join(root, GENESIS));
    expect(await launched("**launch.random:super famicom")).toBe(join(root, SNES));
  });

  test("launch.random falls back to a system's fallbacks when it has no media", async () => {
    // GenesisMSU (alias MSU-MD) and MegaCD have no media here; both fall back to Genesis
    expect(await launched("**launch.random:MSU-MD")).toBe(join(root, GENESIS));
    expect(await launched("**launch.random:MegaCD")).toBe(join(root, GENESIS));
  });

  test("launch.random skips an unknown name among known ones, and names it when none is known", async () => {
    expect(await launched("**launch.random:NoSuchSystem,snes")).toBe(join(root, SNES));
    expect(await failure("**launch.random:NoSuchSystem")).toContain("unknown system: NoSuchSystem");
  });

  test("launch.random names the fallbacks it tried when none has media", async () => {
    expect(await failure("**launch.random:JaguarCD")).toContain("no indexed media for JaguarCD (or its fallback Jaguar)");
  });

  test("launch.search with a system name, and its fallbacks", async () => {
    expect(await launched("**launch.search:super nintendo/mario")).toBe(join(root, SNES));
    expect(await launched("**launch.search:MegaDrivePlus/sonic")).toBe(join(root, GENESIS));
    expect(await failure("**launch.search:NoSuchSystem/mario")).toContain("unknown system: NoSuchSystem");
  });

  test("@system/title with a lowercase id or an alias", async () => {
    expect(await launched("@snes/Super Mario World (USA)")).toBe(join(root, SNES));
    expect(await launched("@MegaDrive/Sonic the Hedgehog (USA, Europe)")).toBe(join(root, GENESIS));
  });

  test("a <system>/<path> and ?system= take any name of a system", async () => {
    expect(await launched("Genesis/Sonic the Hedgehog (USA, Europe).md")).toBe(join(root, GENESIS));
    expect(await launched(`${join(root, SNES)}?system=super nintendo`)).toBe(join(root, SNES));
    expect(await failure(`${join(root, SNES)}?system=NoSuchSystem`)).toContain("unknown system: NoSuchSystem");
  });
});

describe("system names in API requests", () => {
  const names = (r: { results: Array<{ name: string }> }) => r.results.map((m) => m.name);

  test("systems filters are case-sensitive ids unless fuzzySystem is set, as in the reference", async () => {
    expect(names(await client.call("media.search", { query: "", systems: ["SNES"] }))).toEqual(["Super Mario World (USA)"]);
    await expect(client.call("media.search", { query: "", systems: ["snes"] })).rejects.toThrow(/unknown system/);
    expect(names(await client.call("media.search", { query: "", systems: ["super nintendo"], fuzzySystem: true }))).toEqual(["Super Mario World (USA)"]);
    await expect(client.call("media.search", { query: "", systems: ["NoSuchSystem"], fuzzySystem: true })).rejects.toThrow("unknown system: NoSuchSystem");
    const browsed = await client.call<{ entries: Array<{ name: string }> }>("media.browse", { path: join(root, "roms/megadrive"), systems: ["megadrive"], fuzzySystem: true });
    expect(browsed.entries.map((e) => e.name)).toEqual(["Sonic the Hedgehog (USA, Europe)"]);
    expect(await client.call("media.tags", { systems: ["Sega Genesis"], fuzzySystem: true })).toMatchObject({ tags: expect.any(Array) });
  });

  test("media.active.update takes any name of a system", async () => {
    expect(await client.call("media.active.update", { systemId: "megadrive", mediaPath: join(root, GENESIS), mediaName: "Sonic" })).toBeNull();
    expect(await client.call("media.active")).toMatchObject({ systemId: "Genesis", mediaName: "Sonic" });
    await expect(client.call("media.active.update", { systemId: "NoSuchSystem", mediaPath: "/x", mediaName: "X" })).rejects.toThrow("unknown system: NoSuchSystem");
    expect(await client.call("media.active.update", null)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { referenceConfigToml } from "../fixtures/reference-config.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import vectorTable from "../unit/reference-config-vectors.json";

/**
 * A config.toml written for the reference implementation, every section of it, starts the service unchanged:
 * its custom launcher (one `execute` string with `[[…]]` placeholders, `system`, `media_dirs`, `file_exts`)
 * launches files, its reference-only keys are named in the log and kept in the file, `block_commands` refuses.
 */
let root: string;
let emu: { script: string; record: string };
let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-refcfg-");
  writeFiles(root, ["megadrive/Sonic The Hedgehog (USA).gen", "snes/Super Game (USA).sfc"]);
  emu = writeEmulator(join(root, "emu dir"));
  svc = await startService({
    configToml: referenceConfigToml({ emulator: emu.script, mediaDir: join(root, "megadrive"), tokenFile: join(root, "tag.txt"), blockCommands: ["http.post", "shell"] }),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await client?.call("stop");
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("a reference config.toml", () => {
  test("its custom launcher is listed with its system and launches a file from its media folder, path as one argument", async () => {
    const { launchers } = await client.call<{ launchers: { id: string; systemId?: string }[] }>("launchers");
    expect(launchers.find((l) => l.id === "RefEmu")).toMatchObject({ id: "RefEmu", systemId: "Genesis" });
    // the MiSTer-core virtual system cannot run here: skipped, not a launcher
    expect(launchers.some((l) => l.id === "NativeCore")).toBe(false);
    // restricted to launchers.allow_file, which this service does not have: skipped rather than unrestricted
    expect(launchers.some((l) => l.id === "Kiosk")).toBe(false);
    const log = readFileSync(join(svc.dataDir, "service.log"), "utf8");
    expect(log).toContain("custom launcher Kiosk: restricted (launchers.allow_file) is not supported: launcher skipped");
    expect(log).toContain("custom launcher RefEmu: groups has no effect here");
    // an entry without a command (the reference's docs show them one field at a time) is skipped, not a start failure
    expect(launchers.some((l) => l.id === "KodiVideo")).toBe(false);
    expect(log).toContain("custom launcher KodiVideo: no command this service can run (no execute, or kind/backend): launcher skipped");
    expect(log).toContain("MQTT publisher 1 not started: no broker set");

    const game = join(root, "megadrive/Sonic The Hedgehog (USA).gen");
    rmSync(emu.record, { force: true });
    const entry = await launchAndWait(client, game);
    expect(entry.success).toBe(true);
    const [, ...args] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "emulator record"), "utf8").trim().split("\n");
    expect(args).toEqual(["--launcher", "RefEmu", "--system", expect.any(String), game]);
    expect(await client.call<{ launcherId: string }>("media.active")).toMatchObject({ launcherId: "RefEmu", mediaPath: game });
    await client.call("stop");
  });

  test("keys the reference reads that have no effect here are named once in the log; mapped ones are reported as read", () => {
    const log = readFileSync(join(svc.dataDir, "service.log"), "utf8");
    for (const key of ["audio.volume", "readers.drivers.pn532.enabled", "launchers.default", "systems.default[].before_exit", "systems.default[].pause_on_launch", "media.filename_tags", "updates.channel", "groovy.gmc_proxy_port", "profiles.swap_data", "input.gamepad_enabled"]) {
      expect({ key, lines: log.split("\n").filter((l) => l.includes(`"${key}"`) && l.includes("not supported here")).length }).toEqual({ key, lines: 1 });
    }
    expect(log).toContain("service.allowed_ips → service.allow_api");
    expect(log).toContain("service.discovery.instance_name → service.name");
    expect(log).not.toContain("a typo?");
    expect(log).not.toContain('"media.default_regions"'); // read: which version of a title a launch picks
  });

  test("[[systems.default]] picks the launcher of a system's media", async () => {
    const game = join(root, "snes/Super Game (USA).sfc");
    rmSync(emu.record, { force: true });
    expect(await launchAndWait(client, game)).toMatchObject({ success: true });
    const [, ...args] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "emulator record"), "utf8").trim().split("\n");
    expect(args).toEqual(["--launcher", "RefEmu", "--system", "SNES", game]);
    await client.call("stop");
  });

  test("its [[mappings.entry]] rewrite scans as the reference's do", async () => {
    expect(await launchAndWait(client, { uid: "04a1b2c3" })).toMatchObject({ text: "**echo:mapped", success: true });
    const { mappings } = await client.call<{ mappings: { pattern: string; source?: string; readOnly?: boolean }[] }>("mappings", { includeReadOnly: true });
    expect(mappings.find((m) => m.pattern === "04A1B2C3")).toMatchObject({ source: "file", readOnly: true });
  });

  test("a settings change keeps every reference key in the file", async () => {
    await client.call("settings.update", { debugLogging: true });
    const text = readFileSync(join(svc.dataDir, "config.toml"), "utf8");
    for (const s of ["execute = ", "media_dirs", "gmc_proxy_port", "[[service.publishers.mqtt]]", "allowed_ips", "on_scan", "default_regions", "[[systems.default]]"]) {
      expect({ s, kept: text.includes(s) }).toEqual({ s, kept: true });
    }
    // keys read under our name are not copied beside the reference's: editing the reference key still counts
    expect(text).not.toContain("allow_api");
    expect(text).not.toMatch(/^name = "Living room"/m);
  });

  test("zapscript.block_commands refuses the listed commands and their aliases, with the key named", async () => {
    const blocked = await launchAndWait(client, "**http.post:http://127.0.0.1:9/x|{}");
    expect(blocked.success).toBe(false);
    const shell = await launchAndWait(client, "**shell:true");
    expect(shell.success).toBe(false);
    const log = await client.call<{ content: string }>("settings.logs.download");
    const text = Buffer.from(log.content, "base64").toString("utf8");
    expect(text).toMatch(/http\.post.*blocked by zapscript\.block_commands/);
    expect(text).toMatch(/shell.*blocked by zapscript\.block_commands/);
    // the reference's allow_http URL pattern: only matching URLs may be requested
    expect(await launchAndWait(client, "**http.get:http://127.0.0.1:9/x")).toMatchObject({ success: false });
    const after = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(after).toContain("http.get: URL not allowed by zapscript.allow_http");
  });
});

test("a reference custom launcher with an unclosed quote stops the service with the line named", async () => {
  const dir = tempDir("tapserve-refcfg-bad-");
  writeFileSync(join(dir, "config.toml"), ['[[launchers.custom]]', 'id = "Broken"', "execute = 'emu \"[[media_path]]'", ""].join("\n"));
  await expect(startService({ dataDir: dir })).rejects.toThrow(/line 3: launchers\.custom\[0\]\.execute must be a command line with closed quotes/);
  rmSync(dir, { recursive: true, force: true });
});

test("the config.toml the reference writes on its first start starts the service, its device id kept", async () => {
  const written = vectorTable.vectors.find((v) => v.source.startsWith("pkg/config/config.go:"))!;
  const dir = tempDir("tapserve-refcfg-written-");
  writeFileSync(join(dir, "config.toml"), written.toml);
  const service = await startService({ dataDir: dir });
  const c = await service.connect();
  expect(await c.call<{ version: string }>("version")).toMatchObject({ version: expect.any(String) });
  await service.stop();
  expect(readFileSync(join(dir, "config.toml"), "utf8")).toContain('device_id = "00000000-0000-4000-8000-000000000000"');
  rmSync(dir, { recursive: true, force: true });
});

test("a file with several problems stops the service listing every one with its line, and is left as it was", async () => {
  const dir = tempDir("tapserve-refcfg-bad-many-");
  const text = ["[service]", 'api_port = "7497"', "", "[readers.scan]", 'mode = "sometimes"', "", "[[launchers.custom]]", 'id = "Broken"', "execute = 'emu \"[[media_path]]'", ""].join("\n");
  writeFileSync(join(dir, "config.toml"), text);
  const failed = await startService({ dataDir: dir }).then(
    () => null,
    (err: Error) => err.message,
  );
  expect(failed).toMatch(/line 2: service\.api_port must be a number/);
  expect(failed).toMatch(/line 5: readers\.scan\.mode must be "hold" or "tap"/);
  expect(failed).toMatch(/line 9: launchers\.custom\[0\]\.execute must be a command line with closed quotes/);
  expect(readFileSync(join(dir, "config.toml"), "utf8")).toBe(text);
  rmSync(dir, { recursive: true, force: true });
});

test("service.on_boot runs on the first start of a boot only, service.on_ready on every start", async () => {
  const dir = tempDir("tapserve-refcfg-hooks-");
  writeFileSync(join(dir, "config.toml"), ["[service]", 'on_boot = "**echo:booted"', 'on_ready = "**echo:ready"', ""].join("\n"));
  const texts = async (c: RpcClient, n: number) =>
    waitFor(async () => {
      const { entries } = await c.call<{ entries: { text: string; success: boolean }[] }>("tokens.history");
      return entries.length >= n ? entries.map((e) => [e.text, e.success]) : undefined;
    }, "hook history");
  const first = await startService({ dataDir: dir });
  expect((await texts(await first.connect(), 2)).sort()).toEqual([["**echo:booted", true], ["**echo:ready", true]]);
  await first.stop();
  const second = await startService({ dataDir: dir });
  const c = await second.connect();
  expect(await texts(c, 3)).toEqual([["**echo:ready", true], expect.anything(), expect.anything()]);
  expect((await texts(c, 3)).filter(([t]) => t === "**echo:booted")).toHaveLength(1);
  await second.stop();
  rmSync(dir, { recursive: true, force: true });
});

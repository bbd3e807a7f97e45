import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * The reference's deprecated command names run the command they stand for; `launch.last` starts recent media
 * again from the play history; `profile:<switchId>` / `profile.clear` switch profiles. All through the service.
 */
let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let server: ReturnType<typeof Bun.serve>;
const hits: string[] = [];

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function launchedPath(): Promise<string> {
  await waitFor(() => existsSync(emu.record), "launcher record");
  const lines = readFileSync(emu.record, "utf8").trim().split("\n");
  rmSync(emu.record);
  return lines.at(-1)!;
}

beforeAll(async () => {
  root = tempDir("tapserve-aliases-");
  writeFiles(join(root, "roms"), ["SNES/Alpha (USA).sfc", "SNES/Beta (USA).sfc"]);
  emu = writeEmulator(join(root, "emu"));
  const marker = join(root, "mark.sh");
  writeFileSync(marker, '#!/bin/sh\necho "$1" >> "$(dirname "$0")/marks.txt"\n');
  chmodSync(marker, 0o755);
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req) => (hits.push(`${req.method} ${new URL(req.url).pathname}`), new Response("ok")) });
  svc = await startService({
    configToml: [
      "[launchers]",
      `index_root = ["${root}/roms"]`,
      "retroarch = false",
      "[[launchers.custom]]",
      'id = "TestEmu"',
      'systems = ["SNES"]',
      `command = ["${emu.script}", "{path}"]`,
      "[zapscript]",
      `allow_execute = [${JSON.stringify(`${reEscape(marker)} [a-z]+`)}]`,
      // our host entry lets the requests reach this device; the reference's URL pattern narrows them to /ping
      `allow_http = ["127.0.0.1", 'http://127\\.0\\.0\\.1:${server.port}/ping']`,
      "",
    ].join("\n"),
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
});

afterAll(async () => {
  await client?.call("stop");
  await svc?.stop();
  server?.stop(true);
  rmSync(root, { recursive: true, force: true });
});

describe("deprecated aliases", () => {
  test("get runs http.get; shell and command run execute under the same allow-list", async () => {
    expect(await launchAndWait(client, `**get:http://127.0.0.1:${server.port}/ping`)).toMatchObject({ success: true });
    expect(hits).toContain("GET /ping");
    expect(await launchAndWait(client, `**get:http://127.0.0.1:${server.port}/other`)).toMatchObject({ success: false });
    expect(hits).not.toContain("GET /other");
    expect(await launchAndWait(client, `**shell:${join(root, "mark.sh")} one`)).toMatchObject({ success: true });
    expect(await launchAndWait(client, `**command:${join(root, "mark.sh")} two`)).toMatchObject({ success: true });
    expect(readFileSync(join(root, "marks.txt"), "utf8").split("\n").filter(Boolean)).toEqual(["one", "two"]);
    // not in the allow-list: refused as execute would be
    expect(await launchAndWait(client, `**shell:${join(root, "mark.sh")} 123`)).toMatchObject({ success: false });
  });

  test("random runs launch.random; system fails here as launch.system does; ini is skipped here as mister.ini is", async () => {
    expect(await launchAndWait(client, "**random:SNES")).toMatchObject({ success: true });
    expect(await launchedPath()).toStartWith(join(root, "roms/SNES/"));
    const viaCanonical = await launchAndWait(client, "**launch.system:SNES");
    expect(await launchAndWait(client, "**system:SNES")).toMatchObject({ success: viaCanonical.success });
    expect(await launchAndWait(client, "**ini:1")).toMatchObject({ success: true }); // the reference does nothing off MiSTer
    const log = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(log).toContain("ini skipped: only MiSTer runs it (this is linux)");
  });
});

describe("launch.last", () => {
  test("starts the last played media again, or the n-th distinct one back", async () => {
    expect(await launchAndWait(client, "SNES/Alpha (USA).sfc")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Alpha (USA).sfc"));
    expect(await launchAndWait(client, "SNES/Beta (USA).sfc")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Beta (USA).sfc"));
    await client.call("stop");

    expect(await launchAndWait(client, "**launch.last")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Beta (USA).sfc"));
    expect(await client.call("media.active")).toMatchObject({ systemId: "SNES", mediaName: "Beta (USA)" });
    expect(await launchAndWait(client, "**launch.last:2")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Alpha (USA).sfc"));
    expect(await launchAndWait(client, "**launch.last:999")).toMatchObject({ success: false });
    expect(await launchAndWait(client, "**launch.last:0")).toMatchObject({ success: false });
    await client.call("stop");
  });
});

describe("profile commands", () => {
  test("profile:<switchId> switches to that profile, an unknown id fails, profile.clear goes back", async () => {
    const parent = await client.call<{ profileId: string; switchId: string }>("profiles.new", { name: "Parent", pin: "2468" });
    expect(parent.switchId).toBeTruthy();
    expect(await client.call("profiles.active")).toBeNull();
    expect(await launchAndWait(client, `**profile:${parent.switchId}`)).toMatchObject({ success: true });
    expect(await client.call("profiles.active")).toMatchObject({ profileId: parent.profileId, name: "Parent" });
    expect(await launchAndWait(client, "**profile:aaaa-bbbb-cccc")).toMatchObject({ success: false });
    expect(await client.call("profiles.active")).toMatchObject({ name: "Parent" });
    expect(await launchAndWait(client, "**profile.clear")).toMatchObject({ success: true });
    expect(await client.call("profiles.active")).toBeNull();
    const log = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(log).toContain("profile: unknown profile switch id");
  });
});

describe("[[…]] expressions", () => {
  test("are evaluated when their command runs, seeing what runs now; a bad one fails the script", async () => {
    await client.call("stop");
    expect(await launchAndWait(client, "**echo:on [[platform]] playing=[[media_playing]]")).toMatchObject({ success: true });
    expect(await launchAndWait(client, "SNES/Alpha (USA).sfc||**echo:now [[active_media.name]] via [[active_media.launcher_id]]")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Alpha (USA).sfc"));
    // a path built from an expression
    expect(await launchAndWait(client, "**launch:SNES/[[active_media.name == 'Alpha (USA)' ? 'Beta' : 'Alpha']] (USA).sfc")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Beta (USA).sfc"));
    expect(await launchAndWait(client, "**echo:[[no_such_value]]")).toMatchObject({ success: false });
    const log = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(log).toContain("echo: on linux playing=false");
    expect(log).toContain("echo: now Alpha (USA) via TestEmu");
    expect(log).toContain('echo: expression "no_such_value": unknown name no_such_value');
    await client.call("stop");
  });
});

describe("launchers.before_media_start", () => {
  const setHook = async (hook: string) => {
    const path = join(svc.dataDir, "config.toml");
    const text = readFileSync(path, "utf8").replace(/^before_media_start = .*\n/m, "");
    writeFileSync(path, text.replace(/^\[launchers\]\n/m, `[launchers]\nbefore_media_start = ${JSON.stringify(hook)}\n`));
    expect(await client.call("settings.reload")).toBeNull();
  };

  test("runs before each command that starts media, seeing what is launching; its failure stops the launch", async () => {
    await client.call("stop");
    await setHook("**echo:before [[launching.path]] system=[[launching.system_id]]");
    expect(await launchAndWait(client, "**launch:SNES/Alpha (USA).sfc?system=SNES")).toMatchObject({ success: true });
    expect(await launchedPath()).toBe(join(root, "roms/SNES/Alpha (USA).sfc"));
    let log = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(log).toContain("echo: before SNES/Alpha (USA).sfc system=SNES");
    await client.call("stop");

    await setHook("**echo:checking||**no.such.command");
    rmSync(emu.record, { force: true });
    expect(await launchAndWait(client, "SNES/Beta (USA).sfc")).toMatchObject({ success: false });
    expect(existsSync(emu.record)).toBe(false);
    expect(await client.call("media.active")).toBeNull();
    // commands that start no media do not run it
    expect(await launchAndWait(client, "**echo:plain")).toMatchObject({ success: true });
    log = Buffer.from((await client.call<{ content: string }>("settings.logs.download")).content, "base64").toString("utf8");
    expect(log).toContain("before_media_start hook blocked the launch: unknown command: no.such.command");
    await setHook("");
  });
});

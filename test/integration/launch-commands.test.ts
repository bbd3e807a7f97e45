import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { MediaItem, MediaLibrary, SystemDefinition } from "../../src/core/media-types.ts";
import { preferencesFromConfig, resolveTitle, TitleIndex } from "../../src/core/titles/index.ts";
import { makeCore, makeLaunch } from "../fixtures/launch-core.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * Commands that need the media index, RetroArch, execute and http, driven through the launch module with a
 * real config file and SQLite database. The media index is a small in-test MediaLibrary (the module's seam).
 */
const SNES: SystemDefinition = { id: "SNES", name: "Super Nintendo", category: "Console", folders: ["snes"], extensions: [".sfc"] };
const NES: SystemDefinition = { id: "NES", name: "Nintendo Entertainment System", category: "Console", folders: ["nes"], extensions: [".nes"] };

let root: string;
let env: ReturnType<typeof makeCore>;
let mod: ReturnType<typeof makeLaunch>["launch"];
let run: ReturnType<typeof makeLaunch>["run"];
let emu: { script: string; record: string };
let fakeRetroArch: { script: string; record: string };
let server: ReturnType<typeof Bun.serve>;
const received: Array<{ method: string; path: string; type: string | null; body: string }> = [];

function tinyLibrary(roms: string): MediaLibrary {
  const items: MediaItem[] = [
    { mediaId: 1, system: SNES, name: "Super Game (USA)", path: "SNES/Super Game (USA).sfc", zapScript: "@SNES/Super Game (USA)", tags: [] },
    { mediaId: 2, system: SNES, name: "Super Game 2 (USA)", path: "SNES/Super Game 2 (USA).sfc", zapScript: "@SNES/Super Game 2 (USA)", tags: [] },
    { mediaId: 3, system: NES, name: "Tiny", path: "NES/Tiny.nes", zapScript: "@NES/Tiny", tags: [] },
  ];
  const systems = [SNES, NES];
  return {
    systemById: (id) => systems.find((s) => s.id === id),
    systemForPath: (p) => systems.find((s) => s.extensions.includes(extname(p).toLowerCase())),
    search: (query, ids, max) => {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = items.filter((i) => (ids.length === 0 || ids.includes(i.system.id)) && words.every((w) => i.name.toLowerCase().includes(w)));
      return { results: hits.slice(0, max), total: hits.length };
    },
    random: (ids) => items.filter((i) => ids.length === 0 || ids.includes(i.system.id)).at(-1),
    resolvePath: (p) => {
      const [sys, ...rest] = p.split("/");
      const s = systems.find((x) => x.id === sys);
      return s ? join(roms, s.folders[0]!, ...rest) : undefined;
    },
    rootFolders: () => [roms],
    // the title tables as the reference holds them, over the same items (core/titles)
    resolveTitle: (id, gameName, options) => {
      if (!systems.some((s) => s.id === id)) return { outcome: null };
      const index = new TitleIndex(items.filter((i) => i.system.id === id).map((i) => ({ id: i.mediaId!, systemId: id, path: i.path })), { systemId: id, mediaType: "Game" });
      const outcome = resolveTitle({ systemId: id, gameName, mediaType: "Game", additionalTags: options?.additionalTags ?? [], preferences: preferencesFromConfig([], []) }, index);
      const item = outcome.ok ? items.find((i) => i.mediaId === outcome.media.mediaId) : undefined;
      return item ? { outcome, item } : { outcome };
    },
  };
}


async function launchedArgs(rec: string): Promise<string[]> {
  await waitFor(() => existsSync(rec), "launcher record");
  const [, ...args] = readFileSync(rec, "utf8").trim().split("\n");
  rmSync(rec);
  return args;
}

beforeAll(() => {
  root = tempDir("tapserve-cmds-");
  const roms = join(root, "roms");
  writeFiles(roms, ["snes/Super Game (USA).sfc", "snes/Super Game 2 (USA).sfc", "nes/Tiny.nes", "cores/snes9x_libretro.so", "cores/nestopia_libretro.so"]);
  emu = writeEmulator(join(root, "emu"));
  fakeRetroArch = writeEmulator(join(root, "retroarch"));
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      received.push({ method: req.method, path: url.pathname, type: req.headers.get("content-type"), body: await req.text() });
      return new Response(url.pathname === "/fail" ? "no" : "ok", { status: url.pathname === "/fail" ? 500 : 200 });
    },
  });
  env = makeCore({
    configToml: [
      "[launchers]",
      "retroarch = true",
      "[[launchers.custom]]",
      'id = "SnesEmu"',
      'systems = ["snes"]',
      `command = ["${emu.script}", "{system}", "{path}"]`,
      "[[launchers.custom]]",
      'id = "Missing"',
      'extensions = [".zzz"]',
      'command = ["/nonexistent/emulator", "{path}"]',
      "[zapscript]",
      `allow_execute = ["/bin/true", "/bin/sh -c 'exit [0-9]'", "${root}/mark\\\\.sh .*"]`,
      // The test's HTTP server is on loopback, which http.get/http.post refuse unless allowed.
      'allow_http = ["127.0.0.1"]',
      "",
    ].join("\n"),
  });
  ({ launch: mod, run } = makeLaunch(env, {
    library: tinyLibrary(roms),
    platform: { retroarch: { binary: fakeRetroArch.script, coreDirs: [join(roms, "cores")] }, graceMs: 500 },
  }));
});

afterAll(async () => {
  await mod.stopActive();
  await mod.stop();
  server.stop(true);
  env.close();
  rmSync(root, { recursive: true, force: true });
});

describe("commands that use the media index", () => {
  test("a path's system comes from the index and picks the launcher by system", async () => {
    expect(await run("SNES/Super Game (USA).sfc")).toMatchObject({ success: true });
    expect(await launchedArgs(emu.record)).toEqual(["SNES", join(root, "roms/snes/Super Game (USA).sfc")]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "SnesEmu", systemId: "SNES", systemName: "Super Nintendo", mediaName: "Super Game (USA)" });
    expect(env.notes.filter((n) => n.method === "media.started").at(-1)?.params).toEqual({
      systemId: "SNES",
      systemName: "Super Nintendo",
      mediaPath: join(root, "roms/snes/Super Game (USA).sfc"),
      mediaName: "Super Game (USA)",
      slot: "primary",
    });
  });

  test("@System/Title launches the item the reference picks for it; a title it finds nothing for fails", async () => {
    expect(await run("@SNES/Super Game (USA)")).toMatchObject({ success: true });
    expect(await launchedArgs(emu.record)).toEqual(["SNES", join(root, "roms/snes/Super Game (USA).sfc")]);
    expect(await run("@SNES/No Such Game")).toMatchObject({ success: false, error: expect.stringContaining("no matching title") });
    expect(await run("@NoSuchSystem/Anything")).toMatchObject({ success: false, error: expect.stringContaining("unknown system") });
  });

  test("launch.search launches the first hit", async () => {
    expect(await run("**launch.search:SNES/game 2")).toMatchObject({ success: true });
    expect(await launchedArgs(emu.record)).toEqual(["SNES", join(root, "roms/snes/Super Game 2 (USA).sfc")]);
    expect(await run("**launch.search:zzz")).toMatchObject({ success: false, error: expect.stringContaining("nothing found") });
  });

  test("launch.random picks from the named systems; RetroArch takes a system no custom launcher claims", async () => {
    expect(await run("**launch.random:NES")).toMatchObject({ success: true });
    expect(await launchedArgs(fakeRetroArch.record)).toEqual(["-L", join(root, "roms/cores/nestopia_libretro.so"), join(root, "roms/nes/Tiny.nes")]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "RetroArch", systemId: "NES" });
    expect(await run("**launch.random:NoSuchSystem")).toMatchObject({ success: false, error: expect.stringContaining("unknown system") });
  });

  test("?launcher= forces RetroArch for a system a custom launcher claims", async () => {
    expect(await run("SNES/Super Game 2 (USA).sfc?launcher=retroarch")).toMatchObject({ success: true });
    expect(await launchedArgs(fakeRetroArch.record)).toEqual(["-L", join(root, "roms/cores/snes9x_libretro.so"), join(root, "roms/snes/Super Game 2 (USA).sfc")]);
    expect(await run("SNES/Super Game 2 (USA).sfc?launcher=Nope")).toMatchObject({ success: false, error: expect.stringContaining("unknown launcher") });
    await mod.stopActive();
  });

  test("launch.system is refused off MiSTer with a clear message", async () => {
    expect(await run("**launch.system:SNES")).toMatchObject({ success: false, error: expect.stringContaining("not supported on this platform") });
  });
});

describe("launcher failures", () => {
  test("a launcher whose program does not exist fails the launch, the service carries on", async () => {
    writeFiles(root, ["other/game.zzz"]);
    expect(await run(`${root}/other/game.zzz`)).toMatchObject({ success: false, error: expect.stringContaining("ENOENT") });
    expect(mod.activeMedia()).toBeNull();
    expect(await run("**echo:still here")).toMatchObject({ success: true });
  });
});

describe("execute", () => {
  test("runs allow-listed commands without a shell and fails on a non-zero exit", async () => {
    expect(await run("**execute:/bin/true")).toMatchObject({ success: true });
    expect(await run("**execute:\"/bin/sh -c 'exit 0'\"")).toMatchObject({ success: true });
    expect(await run("**execute:\"/bin/sh -c 'exit 3'\"")).toMatchObject({ success: false, error: expect.stringContaining("exit code 3") });
  });

  test("the whole command line must match an allow-list entry", async () => {
    const mark = join(root, "mark.sh");
    writeFileSync(mark, `#!/bin/sh\necho "$1" > "${root}/marked"\n`, { mode: 0o755 });
    expect(await run(`**execute:"${mark} hello"`)).toMatchObject({ success: true });
    expect(readFileSync(join(root, "marked"), "utf8").trim()).toBe("hello");
    expect(await run("**execute:/bin/true; rm -rf /")).toMatchObject({ success: false, error: expect.stringContaining("allow_execute") });
    expect(await run("**execute:/bin/false")).toMatchObject({ success: false, error: expect.stringContaining("allow_execute") });
  });

  test("the program is matched apart from its arguments: '<allowed folder>/../../usr/bin/sh -c …' is refused and nothing runs", async () => {
    const marked = join(root, "bypassed");
    const up = root.split("/").filter(Boolean).map(() => "..").join("/");
    const line = `${root}/${up}/usr/bin/sh -c 'touch ${marked}' mark.sh`;
    expect(await run(`**execute:"${line}"`)).toMatchObject({ success: false, error: expect.stringContaining("'..'") });
    expect(existsSync(marked)).toBe(false);
  });

  test("a script from another device may not execute (zapscript.allow_remote_execute is off); a local one may", async () => {
    expect(await run("**execute:/bin/true", { remote: true })).toMatchObject({ success: false, error: expect.stringContaining("allow_remote_execute") });
    expect(await run("**execute:/bin/true", { source: "reader" })).toMatchObject({ success: true });
  });
});

describe("http.get / http.post", () => {
  test("send real requests; a non-2xx answer or a bad URL fails the script", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    expect(await run(`**http.get:${base}/hello?x=1`)).toMatchObject({ success: true });
    expect(received.at(-1)).toMatchObject({ method: "GET", path: "/hello" });
    expect(await run(`**http.post:${base}/notify,application/json,{"a": 1}`)).toMatchObject({ success: true });
    expect(received.at(-1)).toEqual({ method: "POST", path: "/notify", type: "application/json", body: '{"a":1}' });
    expect(await run(`**http.post:${base}/notify,text/plain,'hello, world'`)).toMatchObject({ success: true });
    expect(received.at(-1)).toEqual({ method: "POST", path: "/notify", type: "text/plain", body: "hello, world" });
    expect(await run(`**http.get:${base}/fail`)).toMatchObject({ success: false, error: expect.stringContaining("500") });
    expect(await run("**http.get:ftp://example.com/x")).toMatchObject({ success: false, error: expect.stringContaining("http") });
    // Only 127.0.0.1 is allowed: the rest of the loopback block is refused before anything is sent.
    expect(await run(`**http.get:http://127.0.0.2:${server.port}/hello`)).toMatchObject({
      success: false,
      error: "http.get: 127.0.0.2 is a loopback address; add it to zapscript.allow_http to allow it",
    });
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { ActiveMedia, BrowseIndexResult, BrowseResult, ClientsCurrent, MediaMeta, ProfilesResult, SearchResult } from "../../src/core/wire/index.ts";

/**
 * Replays what the reference's phone app sends (its envelope with `timestamp`, its params with extra keys, its
 * method names) and checks every answer against the rules the app applies (../shared/notes/phone-app.md).
 */
let svc: TestService;
let c: RpcClient;
const work = tempDir("tapserve-app-");
const log = join(work, "launched.log");
const music = join(work, "roms", "Music");

beforeAll(async () => {
  const roms = join(work, "roms", "SNES");
  mkdirSync(roms, { recursive: true });
  writeFileSync(join(roms, "Super Game (USA).sfc"), "rom");
  const script = join(work, "emu.sh");
  writeFileSync(script, `#!/bin/sh\necho "$1" >> ${log}\nexec sleep 30\n`);
  chmodSync(script, 0o755);
  // music for the background slot: a real child process standing in for the player, playing until stopped
  mkdirSync(music, { recursive: true });
  writeFileSync(join(music, "01 Theme.wav"), "RIFF");
  const player = join(work, "player.sh");
  writeFileSync(player, "#!/bin/sh\nexec sleep 30\n");
  chmodSync(player, 0o755);
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${join(work, "roms")}"]\n[[launchers.custom]]\nid = "emu"\nsystems = ["SNES"]\ncommand = ["${script}", "{path}"]\n[audio]\nmusic_player = "${player} {file}"\n`,
    app: { readerHotplug: false },
  });
  c = await svc.connect("/api/v0.1");
});
afterAll(async () => {
  await c.call("stop");
  await svc.stop();
});

/** A request exactly as the app frames it. */
async function app(method: string, params?: unknown) {
  const id = crypto.randomUUID();
  const msg: Record<string, unknown> = { jsonrpc: "2.0", id, timestamp: Date.now(), method };
  if (params !== undefined) msg.params = params;
  const next = new Promise<Record<string, unknown>>((resolve) => {
    const check = (e: MessageEvent) => {
      const m = JSON.parse(String(e.data));
      if (m.id === id) {
        c.ws.removeEventListener("message", check);
        resolve(m);
      }
    };
    c.ws.addEventListener("message", check);
  });
  c.sendRaw(JSON.stringify(msg));
  return next;
}

/** The app drops a whole object over one null: none may appear anywhere in a result. */
function hasNull(v: unknown): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.some(hasNull);
  if (typeof v === "object") return Object.values(v as object).some(hasNull);
  return false;
}

describe("the phone app's dialect", () => {
  test("version is plain X.Y.Z at the 2.16 gate; every feature of the gates up to it answers as the app reads it", async () => {
    const { version } = (await app("version")).result as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/); // a pre-release suffix would turn every feature of the app on
    const [major, minor] = version.split(".").map(Number);
    expect([major, minor]).toEqual([2, 16]);
    // 2.7.0: media.generate (tested below), media.tags
    expect((await app("media.tags", {})).result).toEqual({ tags: [] });
    // 2.8.0: the inbox, called on every connect
    expect((await app("inbox")).result).toEqual({ messages: expect.any(Array) });
    expect((await app("inbox.clear")).result).toBeNull();
    expect((await app("inbox.delete", { id: 999_999 })).error).toMatchObject({ code: 1001 });
  });

  test("2.10.0: an empty search lists everything; remote input answers (1005 with the reason without /dev/uinput)", async () => {
    await app("media.generate", {});
    let listed: { results: Array<{ name: string; tags: unknown[] }>; total: number } | undefined;
    for (let i = 0; i < 100 && !listed?.total; i++) {
      const r = await app("media.search", { query: "", systems: [] });
      listed = r.result as typeof listed;
      if (!listed?.total) await Bun.sleep(50);
    }
    expect(listed?.total).toBe(1);
    expect(listed?.results[0]?.name).toBe("Super Game (USA)");
    expect(listed?.results[0]?.tags).toContainEqual({ type: "region", tag: "us", label: "USA" });
    for (const [method, params] of [
      ["input.keyboard", { keys: "{esc}" }],
      ["input.gamepad", { buttons: "a" }],
      ["screenshot", undefined],
    ] as const) {
      const r = await app(method, params);
      // these machines have no /dev/uinput and the platform no screenshots: a clear refusal, never "unknown method"
      if (r.error) expect({ method, code: (r.error as { code: number }).code }).toEqual({ method, code: 1005 });
    }
  });

  test("2.12.0: scrapers, the scrape status called on connect, resume and cancel answer a message, orphans are cleaned", async () => {
    const { scrapers } = (await app("scrapers")).result as { scrapers: Array<{ id: string; name: string; supportedSystems: string[] }> };
    expect(scrapers.map((s) => s.id)).toContain("gamelist.xml");
    for (const s of scrapers) expect(Array.isArray(s.supportedSystems)).toBe(true);
    const status = (await app("media.scrape.status")).result as Record<string, unknown>;
    for (const k of ["processed", "total", "matched", "skipped", "totalScraped"]) expect(typeof status[k]).toBe("number");
    for (const k of ["scraping", "done", "paused"]) expect(typeof status[k]).toBe("boolean");
    expect(hasNull(status)).toBe(false);
    for (const m of ["media.scrape.resume", "media.scrape.cancel"]) expect(typeof ((await app(m)).result as { message: string }).message).toBe("string");
    const scraping = c.waitForNotification<{ done: boolean; scraping: boolean }>("media.scraping", (n) => n.done);
    expect((await app("media.scrape", { scraperId: "gamelist.xml", systems: [], force: false })).error).toBeUndefined();
    expect(await scraping).toMatchObject({ done: true, scraping: false });
    expect((await app("media.clean.orphans")).result).toEqual({ deleted: expect.any(Number) });
  });

  test("2.15.0: the media library (browse, letters, metadata, favourites) as the app's Library screens call it", async () => {
    await app("media.generate", {});
    let found: typeof SearchResult.infer | undefined;
    for (let i = 0; i < 100 && !found?.total; i++) {
      found = SearchResult.assert((await app("media.search", { query: "super", systems: [] })).result);
      if (!found.total) await Bun.sleep(50);
    }
    const item = found!.results[0]!;
    const roots = BrowseResult.assert((await app("media.browse", {})).result);
    expect(roots.entries.map((e) => [e.type, e.path])).toContainEqual(["root", join(work, "roms")]);
    const folder = BrowseResult.assert((await app("media.browse", { path: join(work, "roms", "SNES") })).result);
    expect(folder.entries.map((e) => e.name)).toContain("Super Game (USA)");
    const letters = BrowseIndexResult.assert((await app("media.browse.index", { path: join(work, "roms", "SNES") })).result);
    expect(letters.groups.find((g) => g.key === "S")?.count).toBe(1);
    expect(MediaMeta.assert(((await app("media.meta", { mediaId: item.mediaId })).result as { media: unknown }).media)).toMatchObject({ path: item.path, isMissing: false });
    expect((await app("media.tags.update", { mediaId: item.mediaId, add: ["user:favorite"] })).error).toBeUndefined();
    const favourites = SearchResult.assert((await app("media.search", { query: "", systems: [], tags: ["user:favorite"] })).result);
    expect(favourites.results.map((r) => r.name)).toEqual(["Super Game (USA)"]);
    const created = (await app("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: "04ccdd", override: "**echo:hi" })).result as { id: number };
    const list = (await app("mappings", { includeReadOnly: true })).result as { mappings: Array<Record<string, unknown>> };
    expect(list.mappings.find((m) => m.id === String(created.id))).toMatchObject({ source: "database", readOnly: false });
    await app("mappings.delete", { id: created.id });
  });

  test("2.15.0: the background slot: music plays beside the primary slot, shown in `media`, stopped as the app stops it", async () => {
    c.notifications.length = 0;
    const started = c.waitForNotification<Record<string, unknown>>("media.started", (n) => n.slot === "background");
    expect((await app("run", { text: `**playlist.play:${music}?slot=background` })).error).toBeUndefined();
    expect(await started).toMatchObject({ slot: "background", mediaName: "01 Theme" });
    const media = (await app("media")).result as { active: Array<Record<string, unknown>>; playlists?: Array<Record<string, unknown>> };
    expect(media.active.map((a) => ActiveMedia.assert(a)).find((a) => a.slot === "background")).toMatchObject({ mediaName: "01 Theme" });
    expect(media.playlists?.find((p) => p.slot === "background")).toMatchObject({ playing: true, index: 0, total: 1 });
    expect((await app("media.active")).result).toBeNull(); // the primary slot stays empty
    // the app stops a background playlist with run **playlist.stop?slot=background
    const stopped = c.waitForNotification<Record<string, unknown>>("media.stopped", (n) => n.slot === "background");
    expect((await app("run", { text: "**playlist.stop?slot=background" })).error).toBeUndefined();
    expect(await stopped).toMatchObject({ slot: "background" });
    c.notifications.length = 0; // later tests wait for the primary slot's notifications
  });

  test("2.16.0: profiles, clients.current on connect, device-link status, backup status", async () => {
    const current = ClientsCurrent.assert((await app("clients.current")).result);
    expect(current.capabilities).toContain("settings.write"); // a loopback client with no profiles is admin
    expect(ProfilesResult.assert((await app("profiles")).result).profiles).toEqual(expect.any(Array));
    const made = (await app("profiles.new", { name: "Parent", pin: "2468" })).result as { profileId: string };
    expect(ProfilesResult.assert((await app("profiles")).result).profiles.map((p) => [p.name, p.role])).toEqual([["Parent", "admin"]]);
    expect((await app("profiles.delete", { profileId: made.profileId })).error).toBeUndefined();
    expect((await app("settings.auth.status", { url: "https://api.zaparoo.com" })).result).toEqual({ linked: false });
    const backup = (await app("settings.backup.status")).result as Record<string, unknown>;
    expect(backup).toBeObject();
    expect(hasNull(backup)).toBe(false);
  });

  test("health answers", async () => {
    const r = await app("health");
    expect(r.result).toEqual({ status: "ok" });
  });

  test("run launches through the same pipeline as launch, with the app's extra keys", async () => {
    const started = c.waitForNotification<Record<string, unknown>>("media.started");
    const r = await app("run", { type: "", uid: "", text: "SNES/Super Game (USA).sfc", data: "", unsafe: false, extra: 1 });
    expect(r.error).toBeUndefined();
    expect(r.result).toBeNull();
    const note = await started;
    expect(note.slot).toBe("primary");
    expect(note.mediaName).toBe("Super Game (USA)");
  });

  test("the Stop button's run {uid:'**stop', text:'**stop'} stops, and is not looked up as a uid", async () => {
    await c.waitForNotification("media.started");
    const stopped = c.waitForNotification<Record<string, unknown>>("media.stopped");
    const r = await app("run", { uid: "**stop", text: "**stop", unsafe: false });
    expect(r.result).toBeNull();
    const note = await stopped;
    expect(note.slot).toBe("primary");
    const history = (await app("tokens.history")).result as { entries: Array<Record<string, unknown>> };
    expect(history.entries[0]).toMatchObject({ text: "**stop", uid: "", success: true });
    for (const e of history.entries) for (const k of ["uid", "text", "data", "type"]) expect(typeof e[k]).toBe("string");
  });

  test("2.9.0: media.active carries the zapScript that launched it", async () => {
    c.notifications.length = 0; // wait for this launch's notifications, not earlier ones
    const started = c.waitForNotification("media.started");
    await app("run", { text: "SNES/Super Game (USA).sfc" });
    await started;
    expect((await app("media.active")).result).toMatchObject({ mediaName: "Super Game (USA)", zapScript: "SNES/Super Game (USA).sfc" });
    const stopped = c.waitForNotification("media.stopped");
    await app("stop");
    await stopped;
  });

  test("media.control {action:'stop'} stops; other actions are refused clearly", async () => {
    expect((await app("media.control", { action: "stop", slot: "background" })).result).toBeNull();
    expect((await app("media.control", { action: "stop" })).result).toBeNull();
    const r = await app("media.control", { action: "pause" });
    expect((r.error as { code: number }).code).toBe(1005);
  });

  test("mappings with includeReadOnly: string ids and labels, ids accepted back as numbers", async () => {
    const created = (await app("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: "04aabb", override: "**echo:hi" })).result as { id: number };
    const list = (await app("mappings", { includeReadOnly: true })).result as { mappings: Array<Record<string, unknown>> };
    const m = list.mappings.find((x) => x.id === String(created.id))!;
    expect(typeof m.id).toBe("string");
    expect(typeof m.label).toBe("string");
    expect((await app("mappings.update", { id: Number(m.id), enabled: false })).result).toBeNull();
    expect((await app("mappings.delete", { id: Number(m.id) })).result).toBeNull();
  });

  test("no result the app reads carries a null", async () => {
    for (const [method, params] of [
      ["version", undefined],
      ["settings", undefined],
      ["tokens.history", undefined],
      ["mappings", { includeReadOnly: true }],
      ["health", undefined],
    ] as const) {
      const r = await app(method, params);
      expect({ method, error: r.error }).toEqual({ method, error: undefined });
      expect({ method, nulls: hasNull(r.result) }).toEqual({ method, nulls: false });
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { rfc3339, type ScannedToken } from "../../../src/core/token.ts";
import { closedPort } from "../../fixtures/http-standin.ts";
import { type EsStandIn, startEsStandIn } from "../../fixtures/es-standin.ts";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { waitFor, writeFiles } from "../../fixtures/launch-env.ts";
import { startService, tempDir } from "../../fixtures/service.ts";

/**
 * Batocera: launches, "now playing" and stop go through its front end's local web API, stood in for on
 * loopback by a server speaking the same endpoints and payloads.
 */
let es: EsStandIn;
let roms: string;

const token = (text: string): ScannedToken => ({ type: "test", uid: "", text, data: "", scanTime: rfc3339(), source: "api" });

function moduleFor(apiUrl: string, extra = "") {
  const env = makeCore({
    platform: "batocera",
    configToml: `[platforms]\nbatocera_api = "${apiUrl}"\ntimeout = 0.5\npoll_interval = 0.05\nkodi_activity = "off"\n${extra}`,
  });
  const launch = makeLaunch(env, { platform: { hotkeygen: null, batoceraCheckDelayMs: 10, batoceraSettleMs: 0, startWindowMs: 2000 } });
  const mod = launch.launch;
  return {
    env,
    mod,
    history: () => launch.history()[0],
    run: (text: string) => launch.run(text),
    async close() {
      await mod.stop();
      env.close();
    },
  };
}

beforeAll(async () => {
  es = await startEsStandIn();
  roms = tempDir("tapserve-batocera-");
  writeFiles(roms, ["roms/snes/Super Game (USA).sfc", "roms/nes/Tiny.nes"]);
});

afterAll(async () => {
  await es.close();
  rmSync(roms, { recursive: true, force: true });
});

afterEach(() => {
  es.requests.length = 0;
  es.running = null;
  es.slow = false;
  es.startOnLaunch = true;
  es.killWorks = true;
});

describe("Batocera launcher (EmulationStation API)", () => {
  test("a launch is POST /launch with the absolute ROM path as a text/plain body; media.active follows the front end", async () => {
    const m = moduleFor(es.url);
    m.mod.start();
    try {
      const path = join(roms, "roms/snes/Super Game (USA).sfc");
      expect(await m.run(path)).toMatchObject({ success: true, error: "" });
      const launch = es.requests.filter((r) => r.path === "/launch");
      expect(launch).toEqual([{ method: "POST", path: "/launch", contentType: "text/plain", authorization: "", body: path }]);
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "SNES", mediaPath: path, mediaName: "Super Game (USA)" });
      // the watcher sees the front end report the game: it stays active, and the front end ending it ends it here
      await waitFor(() => es.requests.some((r) => r.path === "/runningGame"), "a runningGame poll");
      es.running = null;
      await waitFor(() => m.mod.activeMedia() === null, "media to end when the front end reports no game");
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "SNES", mediaPath: path });
    } finally {
      await m.close();
    }
  });

  test("a game started from the front end's own menu becomes the active media", async () => {
    const m = moduleFor(es.url);
    m.mod.start();
    try {
      es.running = { id: "3", path: "/userdata/roms/snes/Other Game.sfc", name: "Other Game", systemName: "snes", desc: "", gametime: "0" };
      const active = await waitFor(() => m.mod.activeMedia() ?? undefined, "the reported game to become active");
      expect(active).toMatchObject({ launcherId: "SNES", systemId: "SNES", mediaPath: "/userdata/roms/snes/Other Game.sfc", mediaName: "Other Game", zapScript: "" });
      expect(m.env.notes.find((n) => n.method === "media.started")?.params).toMatchObject({ systemId: "SNES", mediaName: "Other Game" });
    } finally {
      await m.close();
    }
  });

  test("stop asks the front end: /emukill until /runningGame says no game runs", async () => {
    const m = moduleFor(es.url);
    try {
      await m.run(join(roms, "roms/nes/Tiny.nes"));
      es.requests.length = 0;
      await m.mod.stopActive();
      const paths = es.requests.map((r) => `${r.method} ${r.path}`);
      expect(paths).toContain("GET /emukill");
      expect(paths.at(-1)).toBe("GET /runningGame");
      expect(es.running).toBeNull();
      expect(m.mod.activeMedia()).toBeNull();
    } finally {
      await m.close();
    }
  });

  test("launching while a game runs stops it the front end's way first", async () => {
    const m = moduleFor(es.url);
    try {
      await m.run(join(roms, "roms/nes/Tiny.nes"));
      es.requests.length = 0;
      await m.run(join(roms, "roms/snes/Super Game (USA).sfc"));
      const paths = es.requests.map((r) => `${r.method} ${r.path}`);
      expect(paths.indexOf("GET /emukill")).toBeGreaterThanOrEqual(0);
      expect(paths.indexOf("GET /emukill")).toBeLessThan(paths.indexOf("POST /launch"));
      expect(m.mod.activeMedia()?.mediaName).toBe("Super Game (USA)");
    } finally {
      await m.close();
    }
  });

  test("an API that refuses connections fails the launch with the reason in the history", async () => {
    const m = moduleFor(`http://127.0.0.1:${await closedPort()}`);
    try {
      const h = await m.run(join(roms, "roms/nes/Tiny.nes"));
      expect(h.success).toBe(false);
      expect(h.error).toMatch(/^NES: Batocera's EmulationStation API at http:\/\/127\.0\.0\.1:\d+ is not reachable: connection refused$/);
      expect(m.mod.activeMedia()).toBeNull();
    } finally {
      await m.close();
    }
  });

  test("an API that never answers fails the launch once the time-out has passed, not later", async () => {
    es.slow = true;
    const m = moduleFor(es.url);
    try {
      const h = await m.run(join(roms, "roms/nes/Tiny.nes"));
      expect(h).toMatchObject({ success: false, error: expect.stringContaining("did not answer within 0.5 s") });
    } finally {
      await m.close();
    }
  });

  test("an error page from the API is a failure carrying the front end's text", async () => {
    const m = moduleFor(`${es.url}/broken`);
    try {
      const h = await m.run(join(roms, "roms/nes/Tiny.nes"));
      expect(h).toMatchObject({ success: false, error: expect.stringContaining("answered HTTP 404: 404 page not found") });
    } finally {
      await m.close();
    }
  });
});

describe("Batocera through the service's API", () => {
  test("version.platform, launch, media.active and stop over JSON-RPC; failure reasons in the launch history", async () => {
    const svc = await startService({
      configToml: `[service]\nplatform = "batocera"\n[platforms]\nbatocera_api = "${es.url}"\ntimeout = 0.5\npoll_interval = 0.05\nkodi_activity = "off"\n`,
    });
    try {
      const c = await svc.connect();
      expect(await c.call("version")).toMatchObject({ platform: "batocera" });
      const path = join(roms, "roms/snes/Super Game (USA).sfc");
      await c.call("launch", { text: path });
      const started = await c.waitForNotification("media.started");
      expect(started).toMatchObject({ mediaPath: path, mediaName: "Super Game (USA)" });
      expect(await c.call("media.active")).toMatchObject({ launcherId: "SNES", mediaPath: path });
      expect(es.requests.find((r) => r.path === "/launch")?.body).toBe(path);
      await c.call("stop");
      expect(es.requests.some((r) => r.path === "/emukill")).toBe(true);
      expect(await c.call("media.active")).toBeNull();
      es.slow = true;
      const tiny = join(roms, "roms/nes/Tiny.nes");
      await c.call("launch", { text: tiny });
      const failed = await waitFor(() => svc.app.running().launch.history(1).find((h) => h.text === tiny), "the failed launch in the history");
      expect(failed).toMatchObject({ success: false, error: expect.stringContaining("did not answer within 0.5 s") });
      expect((await c.call<{ entries: unknown[] }>("tokens.history")).entries[0]).toMatchObject({ text: tiny, success: false });
    } finally {
      es.slow = false;
      await svc.stop();
    }
  }, 20_000);
});

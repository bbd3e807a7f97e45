import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ES_SYSTEMS } from "../../../src/platforms/shared/es-systems.ts";
import { type EsStandIn, startEsStandIn } from "../../fixtures/es-standin.ts";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { waitFor, writeFiles } from "../../fixtures/launch-env.ts";
import { startService, tempDir } from "../../fixtures/service.ts";

/**
 * Batocera's per-system launchers: every EmulationStation system folder is a launcher of its own (id and system
 * as the reference names them), launching through the front end's API (a stand-in on loopback); the game's
 * system comes from its folder, its name from the folder's gamelist.xml.
 */
let es: EsStandIn;
let roms: string;

const GAMES = [
  "roms/nes/Tiny.nes",
  "roms/megadrive/Sonic.md",
  "roms/psx/Big Game/Big Game (Disc 1).chd",
  "roms/neogeo/mslug.zip",
  "roms/arcade/sf2.zip",
  "roms/snes/Super Game (USA).sfc",
  "roms/snes/manual.pdf",
  "roms/mystery/thing.xyz",
];

const config = (url: string) => `[platforms]\nbatocera_api = "${url}"\ntimeout = 0.5\npoll_interval = 0.05\nkodi_activity = "off"\n`;

function moduleFor() {
  const env = makeCore({ platform: "batocera", configToml: config(es.url) });
  const launch = makeLaunch(env, { platform: { hotkeygen: null, batoceraCheckDelayMs: 10, batoceraSettleMs: 0, startWindowMs: 2000 } });
  return {
    env,
    mod: launch.launch,
    run: (text: string) => launch.run(text),
    async close() {
      await launch.launch.stop();
      env.close();
    },
  };
}

beforeAll(async () => {
  es = await startEsStandIn();
  roms = tempDir("tapserve-batocera-sys-");
  writeFiles(roms, GAMES);
  writeFileSync(
    join(roms, "roms/snes/gamelist.xml"),
    `<?xml version="1.0"?>\n<gameList>\n  <game id="1234">\n    <path>./Super Game (USA).sfc</path>\n    <name>Super Game &amp; Friends</name>\n  </game>\n</gameList>\n`,
  );
});

afterAll(async () => {
  await es.close();
  rmSync(roms, { recursive: true, force: true });
});

afterEach(() => {
  es.requests.length = 0;
  es.running = null;
});

describe("Batocera per-system launchers", () => {
  const cases: Array<[string, string, string]> = [
    ["roms/nes/Tiny.nes", "NES", "NES"],
    ["roms/megadrive/Sonic.md", "MegaDrive", "Genesis"],
    ["roms/psx/Big Game/Big Game (Disc 1).chd", "PSX", "PSX"],
    ["roms/neogeo/mslug.zip", "NeoGeo", "NeoGeo"],
    ["roms/arcade/sf2.zip", "Arcade", "Arcade"],
  ];
  for (const [rel, launcherId, systemId] of cases) {
    test(`${rel}: launcher ${launcherId} (system ${systemId}) launches it with POST /launch`, async () => {
      const m = moduleFor();
      try {
        const path = join(roms, rel);
        expect(await m.run(path)).toMatchObject({ success: true, error: "" });
        expect(es.requests.filter((r) => r.path === "/launch")).toEqual([{ method: "POST", path: "/launch", contentType: "text/plain", authorization: "", body: path }]);
        expect(m.mod.activeMedia()).toMatchObject({ launcherId, systemId, mediaPath: path });
      } finally {
        await m.close();
      }
    });
  }

  test("the game's name comes from its folder's gamelist.xml; files the system does not list go to the generic launcher", async () => {
    const m = moduleFor();
    try {
      const path = join(roms, "roms/snes/Super Game (USA).sfc");
      await m.run(path);
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "SNES", systemId: "SNES", mediaName: "Super Game & Friends" });
      expect(m.env.notes.find((n) => n.method === "media.started")?.params).toMatchObject({ mediaName: "Super Game & Friends" });
      for (const rel of ["roms/snes/manual.pdf", "roms/mystery/thing.xyz"]) {
        await m.run(join(roms, rel));
        expect(m.mod.activeMedia()).toMatchObject({ launcherId: "Batocera", mediaPath: join(roms, rel) });
      }
    } finally {
      await m.close();
    }
  });

  test("now playing: a game the front end starts from its menu begins and ends with its system's launcher", async () => {
    const m = moduleFor();
    m.mod.start();
    try {
      es.running = { id: "9", path: "/userdata/roms/megadrive/Streets.md", name: "Streets of Rage", systemName: "megadrive", gametime: "0" };
      const active = await waitFor(() => m.mod.activeMedia() ?? undefined, "the front end's game to become active");
      expect(active).toMatchObject({ launcherId: "MegaDrive", systemId: "Genesis", mediaName: "Streets of Rage", mediaPath: "/userdata/roms/megadrive/Streets.md" });
      es.running = null;
      await waitFor(() => m.mod.activeMedia() === null, "the game to end when the front end reports none");
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "MegaDrive", mediaName: "Streets of Rage" });
    } finally {
      await m.close();
    }
  });
});

describe("Batocera launchers through the service's API", () => {
  test("the launcher list holds one launcher per ES system, with its system, and the generic one", async () => {
    const svc = await startService({ configToml: `[service]\nplatform = "batocera"\n${config(es.url)}` });
    try {
      const c = await svc.connect();
      const { launchers } = await c.call<{ launchers: Array<{ id: string; systemId?: string; systemName?: string }> }>("launchers");
      const byId = new Map(launchers.map((l) => [l.id, l]));
      for (const s of ES_SYSTEMS) expect(byId.get(s.launcherId)).toMatchObject({ id: s.launcherId, systemId: s.systemId });
      expect(byId.get("MegaDrive")).toMatchObject({ systemId: "Genesis", systemName: "Genesis" });
      expect(byId.has("Batocera")).toBe(true);
      expect(ES_SYSTEMS.length).toBeGreaterThanOrEqual(240);
    } finally {
      await svc.stop();
    }
  }, 20_000);
});

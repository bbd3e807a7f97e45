import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * "Now playing" on MiSTer: the service runs as platform mister against a fake SD card, a fake /tmp folder and a
 * FIFO standing in for /dev/MiSTer_cmd. The test plays MiSTer Main: it writes CORENAME, FILESELECT and FULLPATH
 * as MiSTer Main does, and reads the commands the service sends.
 */
let sd: string;
let tmp: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;

type Media = { systemId: string; systemName: string; mediaPath: string; mediaName: string; launcherId?: string };

/** What the service wrote to the FIFO so far. */
const commands = () => card.commands();

const mister = (name: string, value: string) => card.mister(name, value);
/** MiSTer Main's file browser: FULLPATH first, then FILESELECT says the pick is final. */
const pick = (path: string) => {
  mister("FULLPATH", path);
  mister("FILESELECT", "selected");
};
/**
 * MiSTer Main rewriting a recent list of its OSD (`config/<name>`), newest first: records of a folder (1024 bytes),
 * a file name (256) and a label (256), NUL-padded, then an empty record.
 */
const recents = (name: string, entries: Array<[string, string]>) => {
  const rec = 1024 + 256 + 256;
  const data = Buffer.alloc(rec * (entries.length + 1));
  entries.forEach(([dir, file], i) => {
    data.write(dir, i * rec);
    data.write(file, i * rec + 1024);
    data.write(file.replace(/\.[^.]*$/, ""), i * rec + 1280);
  });
  mkdirSync(join(sd, "config"), { recursive: true });
  writeFileSync(join(sd, "config", name), data);
};
const started = () => c.notifications.filter((n) => n.method === "media.started");
const active = () => c.call("media.active") as Promise<Media | null>;

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  writeFiles(sd, ["games/SNES/Super Game (USA).sfc", "games/SNES/Other Game (Europe).sfc", "games/NES/Tiny.nes", "_Arcade/Pac-Man.mra", "_Arcade/cores/pacman_20240101.rbf", "_Console/SNES_20240101.rbf", "_Console/NES_20240101.rbf"]);
  svc = await startService({ app: { platform: { mister: card.paths } } });
  c = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
  card.remove();
});

beforeEach(async () => {
  mister("CORENAME", "MENU");
  await waitFor(async () => (await active()) === null, "back at the menu");
  commands();
  c.notifications.length = 0;
});

describe("MiSTer tracker: games started from MiSTer's own menu", () => {
  test("a core loaded from the menu is not media; a game picked in its browser is, and the menu stops it", async () => {
    const game = join(sd, "games/SNES/Super Game (USA).sfc");
    mister("CORENAME", "SNES");
    const start = c.waitForNotification<Media>("media.started");
    pick(game);
    expect(await start).toMatchObject({ systemId: "SNES", systemName: "SNES", mediaPath: game, mediaName: "Super Game (USA)" });
    expect(await active()).toMatchObject({ systemId: "SNES", mediaPath: game, mediaName: "Super Game (USA)", launcherId: "MiSTer" });
    expect(started()).toHaveLength(1); // the core alone announced nothing

    const stopped = c.waitForNotification<Media>("media.stopped");
    mister("CORENAME", "MENU");
    expect(await stopped).toMatchObject({ systemId: "SNES", mediaPath: game });
    expect(await active()).toBeNull();
    const { entries } = (await c.call("media.history")) as { entries: Array<{ mediaPath: string; systemId: string; ended?: string | null }> };
    expect(entries[0]).toMatchObject({ systemId: "SNES", mediaPath: game });
  });

  test("another game picked in the same core replaces the first", async () => {
    mister("CORENAME", "NES");
    const first = c.waitForNotification<Media>("media.started");
    pick(join(sd, "games/NES/Tiny.nes"));
    expect((await first).systemId).toBe("NES");
    const stopped = c.waitForNotification<Media>("media.stopped");
    const second = c.waitForNotification<Media>("media.started", (p) => p.mediaName === "Super Game (USA)");
    pick(join(sd, "games/SNES/Super Game (USA).sfc"));
    expect((await stopped).mediaName).toBe("Tiny");
    await second;
  });

  test("an arcade MRA picked in the menu is media once its core runs", async () => {
    const mra = join(sd, "_Arcade/Pac-Man.mra");
    const start = c.waitForNotification<Media>("media.started");
    pick(mra);
    mister("CORENAME", "pacman");
    expect(await start).toMatchObject({ systemId: "Arcade", systemName: "Arcade", mediaPath: mra, mediaName: "Pac-Man" });
    expect(await active()).toMatchObject({ systemId: "Arcade", mediaPath: mra });
  });

  test("an MGL picked in the menu is the game it names", async () => {
    const game = join(sd, "games/NES/Tiny.nes");
    const mgl = join(sd, "Tiny.mgl");
    writeFileSync(mgl, `<mistergamedescription>\n\t<rbf>_Console/NES</rbf>\n\t<file delay="2" type="f" index="1" path="../../../../..${game}"/>\n</mistergamedescription>\n`);
    const start = c.waitForNotification<Media>("media.started");
    pick(mgl);
    mister("CORENAME", "NES");
    expect(await start).toMatchObject({ systemId: "NES", mediaPath: game, mediaName: "Tiny" });
  });
});

describe("MiSTer tracker: games loaded from the OSD's recent lists", () => {
  test("a game loaded from a core's recent list is now playing; another one from the list replaces it", async () => {
    const game = join(sd, "games/SNES/Super Game (USA).sfc");
    const other = join(sd, "games/SNES/Other Game (Europe).sfc");
    mister("CORENAME", "SNES");
    const start = c.waitForNotification<Media>("media.started");
    recents("SNES_recent_0.cfg", [["games/SNES", "Super Game (USA).sfc"], ["games/SNES", "Other Game (Europe).sfc"]]);
    expect(await start).toMatchObject({ systemId: "SNES", mediaPath: game, mediaName: "Super Game (USA)" });
    expect(await active()).toMatchObject({ systemId: "SNES", mediaPath: game, launcherId: "MiSTer" });
    const stopped = c.waitForNotification<Media>("media.stopped");
    const second = c.waitForNotification<Media>("media.started", (p) => p.mediaPath === other);
    recents("SNES_recent_0.cfg", [["games/SNES", "Other Game (Europe).sfc"], ["games/SNES", "Super Game (USA).sfc"]]);
    expect((await stopped).mediaPath).toBe(game);
    expect((await second).mediaName).toBe("Other Game (Europe)");
    expect(started()).toHaveLength(2);
  });

  test("an MGL loaded from the main menu's recent list is the game it names; a core from it is not media", async () => {
    const game = join(sd, "games/NES/Tiny.nes");
    writeFiles(sd, ["MGL/.keep"]);
    writeFileSync(join(sd, "MGL/Tiny.mgl"), `<mistergamedescription>\n\t<rbf>_Console/NES</rbf>\n\t<file delay="2" type="f" index="1" path="../../../../..${game}"/>\n</mistergamedescription>\n`);
    recents("cores_recent.cfg", [["_Console", "NES_20240101.rbf"]]);
    mister("CORENAME", "NES");
    await new Promise((r) => setTimeout(r, 300));
    expect(await active()).toBeNull();
    mister("CORENAME", "MENU");
    await new Promise((r) => setTimeout(r, 200));
    const start = c.waitForNotification<Media>("media.started");
    recents("cores_recent.cfg", [["MGL", "Tiny.mgl"], ["_Console", "NES_20240101.rbf"]]);
    mister("CORENAME", "NES");
    expect(await start).toMatchObject({ systemId: "NES", mediaPath: game, mediaName: "Tiny" });
    expect(started()).toHaveLength(1);
  });
});

describe("MiSTer tracker: our own launches", () => {
  test("a launch is announced once, not again when MiSTer Main reports its core; the menu stops it", async () => {
    const game = join(sd, "games/SNES/Super Game (USA).sfc");
    const start = c.waitForNotification<Media>("media.started");
    expect(await c.call("launch", { text: game })).toBeNull();
    expect(await start).toMatchObject({ systemId: "SNES", mediaPath: game });
    expect(commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    mister("CORENAME", "SNES");
    mister("FULLPATH", game); // MiSTer Main may report the loaded file too
    const stopped = c.waitForNotification<Media>("media.stopped");
    mister("CORENAME", "MENU");
    expect(await stopped).toMatchObject({ mediaPath: game, launcherId: "MiSTer" });
    expect(started()).toHaveLength(1);
  });

  test("an arcade launch is announced once when its set's core comes up", async () => {
    const mra = join(sd, "_Arcade/Pac-Man.mra");
    const start = c.waitForNotification<Media>("media.started");
    await c.call("launch", { text: mra });
    expect(await start).toMatchObject({ mediaPath: mra, mediaName: "Pac-Man" });
    expect(commands()).toEqual([`load_core ${mra}`]);
    mister("CORENAME", "pacman");
    const stopped = c.waitForNotification<Media>("media.stopped");
    mister("CORENAME", "MENU");
    expect(await stopped).toMatchObject({ systemId: "Arcade", mediaPath: mra });
    expect(started()).toHaveLength(1);
  });

  test("stop returns to the menu (load_core menu.rbf) and ends the media at once", async () => {
    await c.call("launch", { text: join(sd, "games/NES/Tiny.nes") });
    await waitFor(async () => (await active())?.mediaName === "Tiny", "Tiny running");
    commands();
    const stopped = c.waitForNotification<Media>("media.stopped");
    await c.call("stop");
    expect((await stopped).mediaName).toBe("Tiny");
    expect(commands()).toEqual(["load_core menu.rbf"]);
    expect(await active()).toBeNull();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * Arcade names on MiSTer from the local copy of MiSTer's ArcadeDatabase.csv at the reference's place on the card
 * (`zaparoo/assets/ArcadeDatabase.csv`; a fixture in the database's own format, no network): what now playing,
 * media.started and history show for `.mra` games, picked in MiSTer's menu, launched by us, or seen only through
 * the set name an arcade core writes to CORENAME.
 */
let sd: string;
let tmp: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;

type Media = { systemId: string; systemName: string; mediaPath: string; mediaName: string };

const HEADER = "setname,name,region,version,alternative,parent_title,platform,series,homebrew,bootleg,year,manufacturer,category,linebreak1,resolution,flip,linebreak2,players,move_inputs,special_controls,num_buttons";
const CSV = [
  HEADER,
  "pacman,Pac-Man (Midway),USA,,,Pac-Man,,Pac-Man,,,1980,Namco (Midway license),Maze,,15kHz,,,2,joy 4-way,,1",
  '"sf2","Street Fighter II: The World Warrior","World","910522","","Street Fighter II","Capcom CPS-1","Street Fighter","","","1991","Capcom","Fighter","","15kHz","","","2","joy 8-way","","6"',
  '1942,"1942 (Revision B, ""first"" release)",World,,,,,,,,1984,Capcom,Shooter,,,,,2,,,2',
  ",Nameless Row,,,,,,,,,,,,,,,,,,,",
].join("\r\n");

const mister = (name: string, value: string) => card.mister(name, value);
const pick = (path: string) => {
  mister("FULLPATH", path);
  mister("FILESELECT", "selected");
};
const active = () => c.call("media.active") as Promise<Media | null>;
const dbPath = () => join(sd, "zaparoo/assets/ArcadeDatabase.csv");

const drain = () => void card.commands();

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  writeFiles(sd, ["_Arcade/cores/jtcps1_20240101.rbf", "games/NES/Tiny.nes", "_Console/NES_20240101.rbf"]);
  writeFileSync(join(sd, "_Arcade/Street Fighter II (World 910522).mra"), "<misterromdescription>\n  <name>Street Fighter II</name>\n  <setname>sf2</setname>\n  <rbf>jtcps1</rbf>\n</misterromdescription>\n");
  writeFileSync(join(sd, "_Arcade/Mystery.mra"), "<misterromdescription><setname>unknownset</setname></misterromdescription>");
  mkdirSync(join(sd, "zaparoo/assets"), { recursive: true });
  writeFileSync(dbPath(), CSV);
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
  drain();
  c.notifications.length = 0;
});

describe("MiSTer arcade names from ArcadeDatabase.csv", () => {
  test("an MRA picked in MiSTer's menu plays under the database's name for its set", async () => {
    const mra = join(sd, "_Arcade/Street Fighter II (World 910522).mra");
    const start = c.waitForNotification<Media>("media.started");
    pick(mra);
    mister("CORENAME", "sf2");
    expect(await start).toMatchObject({ systemId: "Arcade", mediaPath: mra, mediaName: "Street Fighter II: The World Warrior" });
    expect(await active()).toMatchObject({ mediaName: "Street Fighter II: The World Warrior" });
  });

  test("our MRA launch is announced under the arcade name (from the MRA's setname), once", async () => {
    const mra = join(sd, "_Arcade/Street Fighter II (World 910522).mra");
    const start = c.waitForNotification<Media>("media.started");
    await c.call("launch", { text: mra });
    expect(await start).toMatchObject({ systemId: "Arcade", mediaPath: mra, mediaName: "Street Fighter II: The World Warrior" });
    mister("CORENAME", "sf2");
    const stopped = c.waitForNotification<Media>("media.stopped");
    mister("CORENAME", "MENU");
    expect(await stopped).toMatchObject({ mediaName: "Street Fighter II: The World Warrior" });
    expect(c.notifications.filter((n) => n.method === "media.started")).toHaveLength(1);
    const history = (await c.call("media.history")) as { entries: Array<{ mediaName: string }> } | Array<{ mediaName: string }>;
    expect(JSON.stringify(history)).toContain("Street Fighter II: The World Warrior");
  });

  test("an MRA whose set the database lacks keeps its file name", async () => {
    const mra = join(sd, "_Arcade/Mystery.mra");
    const start = c.waitForNotification<Media>("media.started");
    pick(mra);
    mister("CORENAME", "unknownset");
    expect(await start).toMatchObject({ systemId: "Arcade", mediaPath: mra, mediaName: "Mystery" });
  });

  test("a known set in CORENAME with no MRA seen is an arcade game (path: the set name), as the reference; other cores are not", async () => {
    const start = c.waitForNotification<Media>("media.started");
    mister("CORENAME", "1942");
    expect(await start).toMatchObject({ systemId: "Arcade", mediaPath: "1942", mediaName: '1942 (Revision B, "first" release)' });
    const stopped = c.waitForNotification<Media>("media.stopped");
    mister("CORENAME", "MENU");
    await stopped;
    c.notifications.length = 0;
    mister("CORENAME", "NES");
    const game = c.waitForNotification<Media>("media.started");
    pick(join(sd, "games/NES/Tiny.nes"));
    expect(await game).toMatchObject({ systemId: "NES", mediaName: "Tiny" });
    expect(c.notifications.filter((n) => n.method === "media.started")).toHaveLength(1); // the NES core alone: nothing
  });

  test("a replaced database file is read again", async () => {
    writeFileSync(dbPath(), `${HEADER}\npacman,Puck Man,Japan,,,,,,,,1980,Namco,Maze,,,,,2,,,1\n`);
    utimesSync(dbPath(), new Date(), new Date(Date.now() + 5000));
    const start = c.waitForNotification<Media>("media.started");
    mister("CORENAME", "pacman");
    expect(await start).toMatchObject({ mediaPath: "pacman", mediaName: "Puck Man" });
    writeFileSync(dbPath(), CSV);
  });
});

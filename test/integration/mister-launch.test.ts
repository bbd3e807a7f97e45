import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rfc3339, type ScannedToken } from "../../src/core/token.ts";
import { makeCore, makeLaunch } from "../fixtures/launch-core.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";

/**
 * MiSTer launching against a fake SD card tree and a real FIFO standing in for /dev/MiSTer_cmd. The test holds
 * the FIFO open read-write (as MiSTer Main does) and reads what the service wrote.
 */
let sd: string;
let card: MisterCard;
let env: ReturnType<typeof makeCore>;
let mod: ReturnType<typeof makeLaunch>["launch"];
let launch: ReturnType<typeof makeLaunch>;

const token = (text: string): ScannedToken => ({ type: "test", uid: "", text, data: "", scanTime: rfc3339(), source: "api" });

/** Submits a token and waits until its script has finished (its history entry is written). */
const run = async (text: string) => void (await launch.run(text));
const lastHistory = () => launch.history()[0]!;

beforeAll(() => {
  card = misterCard();
  sd = card.sd;
  writeFiles(sd, ["games/SNES/Super Game (USA).sfc", "games/NES/Tiny.nes", "_Arcade/Pac.mra", "games/SNES/notes.txt"]);
  writeFiles(sd, ["_Console/SNES_20230101.rbf", "_Console/SNES_20240501.rbf", "_Console/NES_20240101.rbf"]);
  env = makeCore({ platform: "mister" });
  launch = makeLaunch(env, { platform: { mister: { sdRoot: sd, cmdPath: card.fifo } } });
  mod = launch.launch;
});

afterAll(async () => {
  await mod.stop();
  env.close();
  card.remove();
});

describe("MiSTer launcher (MGL + load_core on the command FIFO)", () => {
  test("a ROM path relative to the games folder writes an MGL and asks MiSTer Main to load it", async () => {
    await run("SNES/Super Game (USA).sfc");
    expect(lastHistory()).toMatchObject({ success: true, error: "" });
    const mglPath = join(sd, ".LASTLAUNCH.mgl");
    expect(card.commands()).toEqual([`load_core ${mglPath}`]);
    expect(readFileSync(mglPath, "utf8")).toBe(
      [
        "<mistergamedescription>",
        "\t<rbf>_Console/SNES</rbf>",
        `\t<file delay="2" type="f" index="0" path="../../../../..${sd}/games/SNES/Super Game (USA).sfc"/>`,
        "</mistergamedescription>",
      ].join("\n"),
    );
    expect(mod.activeMedia()).toMatchObject({ launcherId: "MiSTer", mediaName: "Super Game (USA)", mediaPath: `${sd}/games/SNES/Super Game (USA).sfc` });
  });

  test("launching other media replaces the core without a trip to the menu", async () => {
    await run("NES/Tiny.nes");
    expect(card.commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(readFileSync(join(sd, ".LASTLAUNCH.mgl"), "utf8")).toContain("<rbf>_Console/NES</rbf>");
    const stopped = env.notes.filter((n) => n.method === "media.stopped").at(-1);
    expect(stopped?.params).toMatchObject({ launcherId: "MiSTer", mediaName: "Super Game (USA)" });
    expect(mod.activeMedia()?.mediaName).toBe("Tiny");
  });

  test("stop returns to the menu and clears the active media", async () => {
    await mod.stopActive();
    expect(card.commands()).toEqual(["load_core menu.rbf"]);
    expect(mod.activeMedia()).toBeNull();
    expect(env.notes.at(-1)).toMatchObject({ method: "media.stopped", params: { mediaName: "Tiny" } });
  });

  test("an .mra file is loaded directly", async () => {
    await run(`${sd}/_Arcade/Pac.mra`);
    expect(card.commands()).toEqual([`load_core ${sd}/_Arcade/Pac.mra`]);
    await mod.stopActive();
    card.commands();
  });

  test("launch.system loads the newest build of the system's core", async () => {
    await run("**launch.system:SNES");
    expect(card.commands()).toEqual([`load_core ${sd}/_Console/SNES_20240501.rbf`]);
    await mod.stopActive();
    card.commands();
  });

  test("without a media index, index lookups fail with a clear message", async () => {
    await run("**launch.random:SNES");
    expect(lastHistory()).toMatchObject({ success: false, error: expect.stringContaining("media index unavailable") });
    await run("@SNES/Super Game");
    expect(lastHistory()).toMatchObject({ success: false, error: expect.stringContaining("media index unavailable") });
  });

  test("a file no core takes fails with a message in the history", async () => {
    await run("SNES/notes.txt");
    expect(lastHistory()).toMatchObject({ success: false, error: expect.stringContaining("no launcher") });
  });
});

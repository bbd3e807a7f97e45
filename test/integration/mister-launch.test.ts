import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { join } from "node:path";
import { rfc3339, type ScannedToken } from "../../src/core/token.ts";
import { makeCore, makeLaunch } from "../fixtures/launch-core.ts";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * MiSTer launching against a fake SD card tree and a real FIFO standing in for /dev/MiSTer_cmd. The test holds
 * the FIFO open read-write (as MiSTer Main does) and reads what the service wrote.
 */
let sd: string;
let fifo: string;
let fifoFd: number;
let env: ReturnType<typeof makeCore>;
let mod: ReturnType<typeof makeLaunch>["launch"];
let launch: ReturnType<typeof makeLaunch>;

const token = (text: string): ScannedToken => ({ type: "test", uid: "", text, data: "", scanTime: rfc3339(), source: "api" });

/** What the service wrote to the FIFO since the last read (nothing: []; the FIFO is non-blocking). */
function readCommands(): string[] {
  const buf = Buffer.alloc(65536);
  try {
    const n = readSync(fifoFd, buf, 0, buf.length, null);
    return buf.subarray(0, n).toString().split("\n").filter(Boolean);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EAGAIN") return [];
    throw err;
  }
}

/** Submits a token and waits until its script has finished (its history entry is written). */
const run = async (text: string) => void (await launch.run(text));
const lastHistory = () => launch.history()[0]!;

beforeAll(() => {
  sd = tempDir("tapserve-sd-");
  writeFiles(sd, ["games/SNES/Super Game (USA).sfc", "games/NES/Tiny.nes", "_Arcade/Pac.mra", "games/SNES/notes.txt"]);
  writeFiles(sd, ["_Console/SNES_20230101.rbf", "_Console/SNES_20240501.rbf", "_Console/NES_20240101.rbf"]);
  fifo = join(sd, "MiSTer_cmd");
  execFileSync("mkfifo", [fifo]);
  fifoFd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  env = makeCore({ platform: "mister" });
  launch = makeLaunch(env, { platform: { mister: { sdRoot: sd, cmdPath: fifo } } });
  mod = launch.launch;
});

afterAll(async () => {
  await mod.stop();
  closeSync(fifoFd);
  env.close();
  rmSync(sd, { recursive: true, force: true });
});

describe("MiSTer launcher (MGL + load_core on the command FIFO)", () => {
  test("a ROM path relative to the games folder writes an MGL and asks MiSTer Main to load it", async () => {
    await run("SNES/Super Game (USA).sfc");
    expect(lastHistory()).toMatchObject({ success: true, error: "" });
    const mglPath = join(sd, ".LASTLAUNCH.mgl");
    expect(readCommands()).toEqual([`load_core ${mglPath}`]);
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
    expect(readCommands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(readFileSync(join(sd, ".LASTLAUNCH.mgl"), "utf8")).toContain("<rbf>_Console/NES</rbf>");
    const stopped = env.notes.filter((n) => n.method === "media.stopped").at(-1);
    expect(stopped?.params).toMatchObject({ launcherId: "MiSTer", mediaName: "Super Game (USA)" });
    expect(mod.activeMedia()?.mediaName).toBe("Tiny");
  });

  test("stop returns to the menu and clears the active media", async () => {
    await mod.stopActive();
    expect(readCommands()).toEqual(["load_core menu.rbf"]);
    expect(mod.activeMedia()).toBeNull();
    expect(env.notes.at(-1)).toMatchObject({ method: "media.stopped", params: { mediaName: "Tiny" } });
  });

  test("an .mra file is loaded directly", async () => {
    await run(`${sd}/_Arcade/Pac.mra`);
    expect(readCommands()).toEqual([`load_core ${sd}/_Arcade/Pac.mra`]);
    await mod.stopActive();
    readCommands();
  });

  test("launch.system loads the newest build of the system's core", async () => {
    await run("**launch.system:SNES");
    expect(readCommands()).toEqual([`load_core ${sd}/_Console/SNES_20240501.rbf`]);
    await mod.stopActive();
    readCommands();
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

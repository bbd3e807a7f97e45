import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeStoredZip } from "../../src/core/zip/stored-zip.ts";
import { MISTER_CORES, type MglSlot, type MisterCoreDef } from "../../src/platforms/mister/cores.ts";
import { makeCore, makeLaunch } from "../fixtures/launch-core.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";

/**
 * Every core of the MiSTer table, launched through the launch service against a fake SD card (each core's RBF
 * with a date suffix, one game per core in its games folder) and a FIFO standing in for /dev/MiSTer_cmd: the
 * tag `<folder>/<game>.<ext>` must produce the MGL the reference writes and a `load_core` of it.
 */
let sd: string;
let card: MisterCard;
let env: ReturnType<typeof makeCore>;
let launch: ReturnType<typeof makeLaunch>;

/** A core's sample game: its first relative games folder and first extension (`?` as "1"). */
const sample = (core: MisterCoreDef) => {
  const folder = core.folders.find((f) => !f.startsWith("/"));
  const ext = core.slots[0]?.exts[0]?.replace(/\?/g, "1");
  return folder && ext && core.rbf ? { folder, file: `${core.id} Game${ext}`, slot: core.slots[0] as MglSlot } : undefined;
};
const UNSTABLE_ONLY = "_Console/N64"; // on the card only as an unstable nightly
const MISSING = "_Console/Vectrex"; // not on the card at all

/** The MGL as the reference writes it, spelled out line by line. */
function expectedMgl(rbf: string, path: string, slot: MglSlot, setName?: string, sameDir?: boolean): string {
  const lines = ["<mistergamedescription>", `\t<rbf>${rbf}</rbf>`];
  if (setName) lines.push(`\t<setname${sameDir ? ' same_dir="1"' : ""}>${setName}</setname>`);
  lines.push(`\t<file delay="${slot.delay}" type="${slot.type}" index="${slot.index}" path="../../../../..${path}"/>`);
  if (slot.reset) lines.push(`\t<reset delay="${slot.reset.delay}" hold="${slot.reset.hold}"/>`);
  lines.push("</mistergamedescription>");
  return lines.join("\n");
}

const lastMgl = () => readFileSync(join(sd, ".LASTLAUNCH.mgl"), "utf8");

beforeAll(() => {
  card = misterCard();
  sd = card.sd;
  const rbfs = new Set(MISTER_CORES.map((c) => c.rbf).filter((r) => r !== "" && r !== UNSTABLE_ONLY && r !== MISSING));
  writeFiles(sd, [...rbfs].map((r) => `${r}_20240101.rbf`));
  writeFiles(sd, ["_Console/_Unstable/N64_unstable_20240301_9f3a.rbf", "_Console/SNES_20240101_c0ffee_DB9.rbf", "_RA_Cores/Cores/SNES_20240101.rbf", "Light Gun/NES-Sinden_20240101.rbf"]);
  writeFiles(sd, MISTER_CORES.flatMap((c) => (sample(c) ? [`games/${sample(c)!.folder}/${sample(c)!.file}`] : [])));
  writeFiles(sd, ["games/Vectrex/Vectrex Game.vec", "_Arcade/Pac-Man.mra", "MGL/Favourite.mgl", "_Console/Standalone_20240101.rbf"]);
  mkdirSync(join(sd, "tmp"));
  writeFiles(sd, ["cifs/games/GBA/Network Game.gba", "_DOS Games/Doom.vhd"]);
  writeFiles(sd, ["games/AO486/Quake/Quake.vhd", "games/AO486/Quake/Quake.CUE", "games/AO486/Quake/Quake Disc.iso", "games/AO486/Quake/Quake Music.chd"]);
  writeFiles(sd, ["games/AO486/Top300/IDE 0-0 BOOT-DOS98.vhd", "games/AO486/Top300/IDE 0-1 Top 300 DOS Games.vhd", "games/AO486/Top300/Extra.iso"]);
  const member = (name: string) => ({ name, data: new Uint8Array([1, 2, 3]) });
  writeFileSync(join(sd, "games/NES/Pack.zip"), writeStoredZip([member("readme.txt"), member("Pack.nes")], new Date()));
  writeFileSync(join(sd, "games/NES/Single.zip"), writeStoredZip([member("Other Name.nes")], new Date()));
  env = makeCore({ platform: "mister" });
  launch = makeLaunch(env, { platform: { mister: { sdRoot: sd, cmdPath: card.fifo, tmpDir: join(sd, "tmp") } } });
});

afterAll(async () => {
  await launch.launch.stop();
  env.close();
  card.remove();
});

describe("every MiSTer core: <folder>/<game>.<ext> → MGL + load_core", () => {
  test("each core of the table, in one service", async () => {
    const failures: string[] = [];
    let launched = 0;
    for (const core of MISTER_CORES) {
      const s = sample(core);
      if (!s || core.rbf === MISSING) continue;
      const entry = await launch.run(`${s.folder}/${s.file}`);
      const path = join(sd, "games", s.folder, s.file);
      const rbf = core.rbf === UNSTABLE_ONLY ? "_Console/_Unstable/N64_unstable_20240301_9f3a" : core.rbf;
      const want = expectedMgl(rbf, path, s.slot, core.setName, core.setNameSameDir);
      const commands = card.commands();
      if (!entry.success) failures.push(`${core.id}: ${entry.error}`);
      else if (commands.join("|") !== `load_core ${join(sd, ".LASTLAUNCH.mgl")}`) failures.push(`${core.id}: commands ${commands.join("|")}`);
      else if (lastMgl() !== want) failures.push(`${core.id}: MGL\n${lastMgl()}\n--- expected\n${want}`);
      else launched++;
    }
    expect(failures).toEqual([]);
    expect(launched).toBe(MISTER_CORES.filter((c) => sample(c) && c.rbf !== MISSING).length);
    expect(launched).toBeGreaterThan(100);
  }, 60000);

  test("reset pulses and set names land in the MGL (Jaguar, Atari 2600 on the 7800 core)", async () => {
    await launch.run("Jaguar/Jaguar Game.jag");
    card.commands();
    expect(lastMgl()).toBe(
      `<mistergamedescription>\n\t<rbf>_Console/Jaguar</rbf>\n\t<file delay="1" type="f" index="0" path="../../../../..${sd}/games/Jaguar/Jaguar Game.jag"/>\n\t<reset delay="1" hold="1"/>\n</mistergamedescription>`,
    );
    await launch.run("ATARI7800/Atari2600 Game.a26");
    card.commands();
    expect(lastMgl()).toBe(
      `<mistergamedescription>\n\t<rbf>_Console/Atari7800</rbf>\n\t<setname>Atari2600</setname>\n\t<file delay="1" type="f" index="1" path="../../../../..${sd}/games/ATARI7800/Atari2600 Game.a26"/>\n</mistergamedescription>`,
    );
  });

  test("ao486 hard disks as the reference writes them: a reset after loading, a CD image of the folder, the Top 300 pack's two disks", async () => {
    const mgl = (...lines: string[]) => ["<mistergamedescription>", "\t<rbf>_Computer/ao486</rbf>", ...lines, "</mistergamedescription>"].join("\n");
    const file = (index: number, path: string) => `\t<file delay="1" type="s" index="${index}" path="../../../../..${sd}/${path}"/>`;
    await launch.run("_DOS Games/Doom.vhd");
    expect(card.commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(lastMgl()).toBe(mgl(file(2, "_DOS Games/Doom.vhd"), '\t<reset delay="1"/>'));
    // the folder's first .iso or .chd (by name; a .cue is not mounted) goes on IDE 1-0 before the disk
    await launch.run(`${sd}/games/AO486/Quake/Quake.vhd`);
    card.commands();
    expect(lastMgl()).toBe(mgl(file(4, "games/AO486/Quake/Quake Disc.iso"), file(2, "games/AO486/Quake/Quake.vhd"), '\t<reset delay="1"/>'));
    await launch.run(`${sd}/games/AO486/Top300/IDE 0-1 Top 300 DOS Games.vhd`);
    card.commands();
    expect(lastMgl()).toBe(mgl(file(2, "games/AO486/Top300/IDE 0-0 BOOT-DOS98.vhd"), file(3, "games/AO486/Top300/IDE 0-1 Top 300 DOS Games.vhd"), '\t<reset delay="1"/>'));
    // a floppy image is the plain MGL, without a reset
    writeFiles(sd, ["games/AO486/Quake/Boot.img"]);
    await launch.run(`${sd}/games/AO486/Quake/Boot.img`);
    card.commands();
    expect(lastMgl()).toBe(mgl(file(0, "games/AO486/Quake/Boot.img")));
  });

  test("a core missing from the card fails with a message naming it", async () => {
    const entry = await launch.run("Vectrex/Vectrex Game.vec");
    expect(entry).toMatchObject({ success: false, error: expect.stringContaining("_Console/Vectrex") });
    expect(card.commands()).toEqual([]);
  });

  test("alternate cores by launcher id: DB9 build by date and hash, RetroAchievements and Sinden set names", async () => {
    const game = `${sd}/games/SNES/SNES Game.sfc`;
    await launch.run("SNES/SNES Game.sfc?launcher=DB9SNES");
    expect(card.commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(lastMgl()).toContain("\t<rbf>_Console/SNES_20240101_c0ffee_DB9</rbf>\n\t<file ");
    await launch.run("SNES/SNES Game.sfc?launcher=RASNES");
    card.commands();
    expect(lastMgl()).toBe(
      `<mistergamedescription>\n\t<rbf>_RA_Cores/Cores/SNES</rbf>\n\t<setname same_dir="1">RA_SNES</setname>\n\t<file delay="2" type="f" index="0" path="../../../../..${game}"/>\n</mistergamedescription>`,
    );
    await launch.run("NES/NES Game.nes?launcher=SindenNES");
    card.commands();
    expect(lastMgl()).toContain("\t<rbf>Light Gun/NES-Sinden</rbf>\n\t<setname same_dir=\"1\">NES_Sinden</setname>\n");
    const missing = await launch.run("SNES/SNES Game.sfc?launcher=LLAPISNES");
    expect(missing).toMatchObject({ success: false, error: expect.stringContaining("_LLAPI/SNES_LLAPI") });
  });

  test(".mra loads directly and MiSTer's CURRENTPATH/FULLPATH/FILESELECT are written; .mgl and .rbf load directly", async () => {
    await launch.run(`${sd}/_Arcade/Pac-Man.mra`);
    expect(card.commands()).toEqual([`load_core ${sd}/_Arcade/Pac-Man.mra`]);
    expect(readFileSync(join(sd, "tmp", "CURRENTPATH"), "utf8")).toBe("Pac-Man.mra");
    expect(readFileSync(join(sd, "tmp", "FULLPATH"), "utf8")).toBe(`${sd}/_Arcade/Pac-Man.mra`);
    expect(readFileSync(join(sd, "tmp", "FILESELECT"), "utf8")).toBe("selected");
    await launch.run(`${sd}/MGL/Favourite.mgl`);
    expect(card.commands()).toEqual([`load_core ${sd}/MGL/Favourite.mgl`]);
    await launch.run(`${sd}/_Console/Standalone_20240101.rbf`);
    expect(card.commands()).toEqual([`load_core ${sd}/_Console/Standalone_20240101.rbf`]);
  });

  test("a ZIP names its entry as the reference does; CIFS and absolute games folders are found", async () => {
    const nes = (p: string) => `\t<file delay="2" type="f" index="1" path="../../../../..${sd}/games/NES/${p}"/>`;
    await launch.run("NES/Pack.zip");
    expect(card.commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(lastMgl()).toContain(nes("Pack.zip/Pack.nes"));
    await launch.run("NES/Single.zip");
    card.commands();
    expect(lastMgl()).toContain(nes("Single.zip/Other Name.nes"));
    await launch.run("GBA/Network Game.gba");
    card.commands();
    expect(lastMgl()).toContain(`path="../../../../..${sd}/cifs/games/GBA/Network Game.gba"/>`);
    await launch.run("_DOS Games/Doom.vhd");
    card.commands();
    expect(lastMgl()).toContain(`<rbf>_Computer/ao486</rbf>`);
    expect(lastMgl()).toContain(`path="../../../../..${sd}/_DOS Games/Doom.vhd"/>`);
  });

  test("launch.system: a core with a set name starts by MGL, others by their newest RBF; group names work", async () => {
    await launch.run("**launch.system:Atari2600");
    expect(card.commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(lastMgl()).toBe("<mistergamedescription>\n\t<rbf>_Console/Atari7800</rbf>\n\t<setname>Atari2600</setname>\n</mistergamedescription>");
    await launch.run("**launch.system:Saturn");
    expect(card.commands()).toEqual([`load_core ${sd}/_Console/Saturn_20240101.rbf`]);
    await launch.run("**launch.system:DOS");
    expect(card.commands()).toEqual([`load_core ${sd}/_Computer/ao486_20240101.rbf`]);
    await launch.run("**launch.system:TGFX16");
    expect(card.commands()).toEqual([`load_core ${sd}/_Console/TurboGrafx16_20240101.rbf`]);
  });
});

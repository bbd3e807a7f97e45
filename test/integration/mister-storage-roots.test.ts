import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, constants, mkdirSync, openSync, readFileSync } from "node:fs";
import { writeStoredZip } from "../../src/core/zip/stored-zip.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { fifoCommands } from "../fixtures/mister-fifo.ts";
import { canMountNamespace, type MisterNamespace, startMisterNamespace } from "../fixtures/mister-ns.ts";

/**
 * USB drives and network shares on MiSTer, on the real paths in a private mount namespace: `/media/usb0` and
 * `/media/fat/cifs` are tmpfs mounts beside the SD card's `/media/fat`; the service runs as platform mister
 * with its MiSTer Main FIFO at `/dev/MiSTer_cmd`. A drive mounted or unmounted while it runs is indexed again.
 */
let ns: MisterNamespace;
let fifoFd: number;

type Item = { name: string; path: string; zapScript: string; system: { id: string } };

const search = async (query: string) => (await ns.client.call<{ results: Item[] }>("media.search", { query })).results;
const put = (paths: string[]) => writeFiles(ns.at("/"), paths.map((p) => p.slice(1)));

const commands = () => fifoCommands(fifoFd);

const mgl = () => readFileSync(ns.at("/media/fat/.LASTLAUNCH.mgl"), "utf8");
const fileLine = (path: string, delay: number, index: number) => `\t<file delay="${delay}" type="f" index="${index}" path="../../../../..${path}"/>`;

describe.skipIf(!canMountNamespace)("MiSTer USB and network storage roots", () => {
  beforeAll(async () => {
    ns = await startMisterNamespace(["/media/usb0", "/media/fat/cifs"]);
    put(["/media/fat/_Console/SNES_20240101.rbf", "/media/fat/_Console/MegaDrive_20240101.rbf", "/media/fat/_Console/NES_20240101.rbf", "/media/fat/games/NES/Tiny.nes"]);
    put(["/media/usb0/games/SNES/Chrono.sfc", "/media/fat/cifs/games/Genesis/Sonic.md"]);
    const zip = writeStoredZip([{ name: "Inner Quest.sfc", data: new Uint8Array(16) }], new Date(2024, 0, 1));
    await Bun.write(ns.at("/media/usb0/games/SNES/Pack.zip"), zip);
    fifoFd = openSync(ns.at("/dev/MiSTer_cmd"), constants.O_RDWR | constants.O_NONBLOCK);
    expect(await ns.client.call("media.index")).toBeNull();
  });

  afterAll(async () => {
    closeSync(fifoFd);
    await ns?.stop();
  });

  test("games on the USB drive and the CIFS share are indexed beside the SD card's", async () => {
    expect((await search("chrono")).map((r) => [r.system.id, r.path])).toEqual([["SNES", "SNES/Chrono.sfc"]]);
    expect((await search("sonic")).map((r) => [r.system.id, r.path])).toEqual([["Genesis", "Genesis/Sonic.md"]]);
    expect((await search("tiny")).map((r) => r.path)).toEqual(["NES/Tiny.nes"]);
  });

  test("a tag SNES/Chrono.sfc launches the USB file: the MGL names its absolute path behind ../../../../..", async () => {
    commands();
    expect(await launchAndWait(ns.client, "SNES/Chrono.sfc")).toMatchObject({ success: true });
    expect(commands()).toEqual(["load_core /media/fat/.LASTLAUNCH.mgl"]);
    expect(mgl()).toBe(["<mistergamedescription>", "\t<rbf>_Console/SNES</rbf>", fileLine("/media/usb0/games/SNES/Chrono.sfc", 2, 0), "</mistergamedescription>"].join("\n"));
    expect(await launchAndWait(ns.client, "Genesis/Sonic.md")).toMatchObject({ success: true });
    expect(mgl()).toContain(fileLine("/media/fat/cifs/games/Genesis/Sonic.md", 1, 1));
  });

  test("a game in a .zip on the USB drive is found and launched by its entry path", async () => {
    const [hit] = await search("inner quest");
    expect(hit).toMatchObject({ system: { id: "SNES" }, path: "SNES/Pack.zip/Inner Quest.sfc" });
    commands();
    expect(await launchAndWait(ns.client, hit!.zapScript)).toMatchObject({ success: true });
    expect(commands()).toEqual(["load_core /media/fat/.LASTLAUNCH.mgl"]);
    expect(mgl()).toContain(fileLine("/media/usb0/games/SNES/Pack.zip/Inner Quest.sfc", 2, 0));
  });

  test("a USB drive mounted while running is indexed (games in <drive>/<core folder>); unmounted, its games leave the search", async () => {
    // the drive's content is ready before it appears at /media/usb1, as a real drive's is
    ns.run("mount", "-t", "tmpfs", "tmpfs", "/media/.stage");
    put(["/media/.stage/SNES/Earthbound.sfc"]);
    mkdirSync(ns.at("/media/usb1"));
    ns.run("mount", "--move", "/media/.stage", "/media/usb1");
    const found = await waitFor(async () => (await search("earthbound")).length > 0 && search("earthbound"), "the new drive indexed");
    expect(found.map((r) => r.path)).toEqual(["SNES/Earthbound.sfc"]);
    commands();
    expect(await launchAndWait(ns.client, found[0]!.zapScript)).toMatchObject({ success: true });
    expect(mgl()).toContain(fileLine("/media/usb1/SNES/Earthbound.sfc", 2, 0));
    ns.run("umount", "/media/usb1");
    await waitFor(async () => (await search("earthbound")).length === 0, "the removed drive's games gone");
    expect((await search("chrono")).map((r) => r.path)).toEqual(["SNES/Chrono.sfc"]); // the other drive's stay
  });
});


import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, constants, openSync, realpathSync, writeFileSync } from "node:fs";
import { closedPort } from "../fixtures/http-standin.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeFiles } from "../fixtures/launch-env.ts";
import { fifoCommands } from "../fixtures/mister-fifo.ts";
import { canMountNamespace, type MisterNamespace, startMisterNamespace } from "../fixtures/mister-ns.ts";
import { type SerialPair, startSerialPair } from "../fixtures/serial-pair.ts";
import { pictureBytes, pictureFile, Tty2oledSim } from "../fixtures/tty2oled-sim.ts";

/**
 * A tty2oled display on MiSTer, on the real paths in a private mount namespace (the service as platform mister,
 * its MiSTer Main FIFO at /dev/MiSTer_cmd): the display (a simulator on a pty) named in [[readers.connect]];
 * tty2oled's own pictures on the SD card (`/media/fat/tty2oled/pics`) are shown without fetching anything: the
 * console core's picture for a console game, the set name's picture for an arcade game; back at the menu the
 * display is cleared.
 */
let ns: MisterNamespace;
let pair: SerialPair;
let fifoFd: number;
const display = new Tty2oledSim();
const SNES = pictureBytes(0x42);
const SF2 = pictureBytes(0x77);
const MRA = "/media/fat/_Arcade/Street Fighter II (World 910522).mra";

describe.skipIf(!canMountNamespace)("tty2oled on MiSTer", () => {
  beforeAll(async () => {
    pair = await startSerialPair("ttyUSB0");
    await display.attach(pair.peerPath);
    const device = realpathSync(pair.devicePath); // a /dev/pts node, which the namespace shares
    ns = await startMisterNamespace([], {
      configToml: `[[readers.connect]]\ndriver = "tty2oled"\npath = "${device}"\n`,
      app: { tty2oled: { pauses: { commandMs: 1, logoMs: 1 }, picturesUrl: `http://127.0.0.1:${await closedPort()}/Pictures` } },
    });
    writeFiles(ns.at("/"), ["media/fat/_Console/SNES_20240101.rbf", "media/fat/games/SNES/Chrono.sfc", "media/fat/_Arcade/cores/jtcps1_20240101.rbf"]);
    writeFileSync(ns.at(MRA), "<misterromdescription>\n  <name>Street Fighter II</name>\n  <setname>sf2</setname>\n  <rbf>jtcps1</rbf>\n</misterromdescription>\n");
    writeFiles(ns.at("/"), ["media/fat/tty2oled/pics/GSC/SNES.gsc", "media/fat/tty2oled/pics/GSC/sf2.gsc"]);
    writeFileSync(ns.at("/media/fat/tty2oled/pics/GSC/SNES.gsc"), pictureFile(SNES, "SNES"));
    writeFileSync(ns.at("/media/fat/tty2oled/pics/GSC/sf2.gsc"), pictureFile(SF2, "sf2"));
    fifoFd = openSync(ns.at("/dev/MiSTer_cmd"), constants.O_RDWR | constants.O_NONBLOCK);
    expect(await ns.client.call("media.index")).toBeNull();
  });

  afterAll(async () => {
    if (fifoFd !== undefined) closeSync(fifoFd);
    await ns?.stop();
    await display.detach();
    await pair?.stop();
  });

  test("the display named in the settings opens with the reference's start-up commands", async () => {
    await waitFor(async () => (await ns.client.call<{ readers: Array<{ driver: string }> }>("readers")).readers.some((r) => r.driver === "tty2oled"), "the display", 20_000);
    expect(display.text).toMatch(/^QWERTZ\n(CMDCON,128\nCMDSETTIME,\d+\nCMDSAVER,127,10,120\n){2}CMDSORG\n$/);
  });

  test("a console game shows its core picture from the SD card; an arcade game its set name's; the menu clears it", async () => {
    display.clear();
    fifoCommands(fifoFd);
    expect(await launchAndWait(ns.client, "SNES/Chrono.sfc")).toMatchObject({ success: true });
    await waitFor(() => display.commands.find((c) => c.data), "the SNES picture");
    expect(display.lines()).toEqual(["CMDCOR,SNES,-1"]);
    expect(display.commands[0]!.data).toEqual(SNES);

    display.clear();
    expect(await launchAndWait(ns.client, MRA)).toMatchObject({ success: true });
    await waitFor(() => display.commands.find((c) => c.data), "the arcade picture");
    // the SNES game stopping may reach the display before the arcade game starts (a clear in between, as the reference)
    expect(display.lines().filter((l) => l !== "CMDCLS")).toEqual(["CMDCOR,sf2,-1"]);
    expect(display.lines().at(-1)).toBe("CMDCOR,sf2,-1");
    expect(display.commands.find((c) => c.data)!.data).toEqual(SF2);

    display.clear();
    await ns.client.call("stop");
    await waitFor(() => display.lines().includes("CMDCLS"), "the clear at the menu");
    expect(display.lines()).toEqual(["CMDCLS"]);
  });
});

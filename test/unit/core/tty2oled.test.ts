/** The tty2oled protocol and picture rules (src/core/tty2oled/), against the reference's facts written out. */
import { describe, expect, test } from "bun:test";
import { coreCommand, isDisplayAnswer, openCommands } from "../../../src/core/tty2oled/protocol.ts";
import { fnv1a32, parsePictureFile, PictureFileError, pictureNames, picturePath, pictureVariant, validPictureName } from "../../../src/core/tty2oled/pictures.ts";
import { pictureBytes, pictureFile } from "../../fixtures/tty2oled-sim.ts";

describe("tty2oled protocol", () => {
  test("open: handshake, the settings twice, the logo", () => {
    expect(openCommands(1700000000.9)).toEqual([
      "QWERTZ",
      "CMDCON,128",
      "CMDSETTIME,1700000000",
      "CMDSAVER,127,10,120",
      "CMDCON,128",
      "CMDSETTIME,1700000000",
      "CMDSAVER,127,10,120",
      "CMDSORG",
    ]);
    expect(coreCommand("SNES")).toBe("CMDCOR,SNES,-1");
    expect(coreCommand("dkong", "2")).toBe("CMDCOR,dkong,2");
  });

  test("a display's answer to CMDHWINF: HW…; or ttyack / ttyrdy anywhere", () => {
    for (const yes of ["HWESP32DE;230523T;", "  HWNANO;\r\n", "junk ttyack; more", "ttyrdy;"]) expect(isDisplayAnswer(yes)).toBe(true);
    for (const no of ["", "HW but no end", "OK", "\u0000\u0000\u00ff"]) expect(isDisplayAnswer(no)).toBe(false);
  });
});

describe("tty2oled pictures", () => {
  test("FNV-1a 32 known answers, and the alternative each picture with alternatives is shown as", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("Genesis")).toBe(3341772985);
    expect(["Genesis", "PSX", "Minimig", "000-FMTOWNS", "3wonders", "AO486", "SNES"].map(pictureVariant)).toEqual(["Genesis_alt1", "PSX", "Minimig_alt1", "000-FMTOWNS", "3wonders", "AO486_alt1", "SNES"]);
  });

  test("names: the platform's own first (MiSTer arcade set name), then the system's picture; unsafe names dropped", () => {
    expect(pictureNames({ systemId: "Arcade", platformPicture: "dkong" })).toEqual(["dkong", "Arcade"]);
    expect(pictureNames({ systemId: "MasterSystem" })).toEqual(["SMS"]);
    expect(pictureNames({ systemId: "DOS", platformPicture: "AO486" })).toEqual(["AO486"]);
    expect(pictureNames({ systemId: "Unknown" })).toEqual([]);
    expect(pictureNames({ systemId: "Arcade", platformPicture: "../etc/passwd" })).toEqual(["Arcade"]);
    expect(validPictureName("..")).toBe(false);
    expect(picturePath("XBM_TEXT", "NES")).toBe("XBM_TEXT/NES.xbm");
    expect(picturePath("GSC_US", "NES")).toBe("GSC_US/NES.gsc");
  });

  test("picture files: the bytes after three header lines; 2048 or 8192 of them, else a clear error", () => {
    const gsc = pictureBytes(5);
    expect(parsePictureFile(pictureFile(gsc))).toEqual(gsc);
    expect(parsePictureFile(pictureFile(pictureBytes(9, 2048)).replaceAll("\n", "\r\n"))).toEqual(pictureBytes(9, 2048));
    expect(() => parsePictureFile("a\nb\n")).toThrow(PictureFileError);
    expect(() => parsePictureFile(pictureFile(pictureBytes(1, 100)))).toThrow(/100 bytes; a display takes 2048 \(XBM\) or 8192 \(GSC\)/);
    expect(() => parsePictureFile("1\n2\n3\n0xZZ,\n")).toThrow(/not a hex byte/);
  });
});

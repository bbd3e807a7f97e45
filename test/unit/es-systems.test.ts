import { describe, expect, test } from "bun:test";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { ES_SYSTEMS, esPlaceOf, esSystemForFolder } from "../../src/platforms/shared/es-systems.ts";
import { parseEmulatorsCfg } from "../../src/platforms/retropie/emulators-cfg.ts";

describe("the EmulationStation system table", () => {
  test("every row names a system we know, a unique launcher id and lowercase extensions with the dot", () => {
    const catalog = systemCatalog();
    expect(ES_SYSTEMS.length).toBe(248);
    for (const s of ES_SYSTEMS) {
      expect(catalog.byIdExact(s.systemId)?.id).toBe(s.systemId);
      expect(s.folder).toBe(s.folder.toLowerCase());
      for (const e of s.extensions) expect(e).toMatch(/^(\.[a-z0-9_+-]+)+$/);
    }
    expect(new Set(ES_SYSTEMS.map((s) => s.launcherId)).size).toBe(ES_SYSTEMS.length);
    expect(new Set(ES_SYSTEMS.map((s) => s.folder)).size).toBe(ES_SYSTEMS.length);
  });

  test("a folder name finds its system in any case", () => {
    expect(esSystemForFolder("MegaDrive")).toMatchObject({ folder: "megadrive", systemId: "Genesis", launcherId: "MegaDrive" });
    expect(esSystemForFolder("nope")).toBeUndefined();
  });

  test("a file's system is its nearest system folder that lists its extension", () => {
    expect(esPlaceOf("/userdata/roms/snes/Hacks/x.SFC")).toMatchObject({ system: { folder: "snes" }, dir: "/userdata/roms/snes" });
    expect(esPlaceOf("/userdata/roms/arcade/neogeo/mslug.zip")).toMatchObject({ system: { folder: "neogeo" }, dir: "/userdata/roms/arcade/neogeo" });
    expect(esPlaceOf("/userdata/roms/snes/images/x-image.png")).toBeUndefined();
    expect(esPlaceOf("/userdata/roms/snes/noextension")).toBeUndefined();
    expect(esPlaceOf("/home/pi/games/x.sfc")).toBeUndefined();
    expect(esPlaceOf("/userdata/roms/n64dd/Disk.z64.ndd")?.system.folder).toBe("n64dd");
  });
});

describe("RetroPie emulators.cfg", () => {
  test("emulators in file order and the default when it is one of them", () => {
    const cfg = parseEmulatorsCfg('# comment\nlr-snes9x = "retroarch -L a.so %ROM%"\nsnes9x="snes9x %ROM%"\ndefault = "snes9x"\n');
    expect(cfg).toEqual({ emulators: ["lr-snes9x", "snes9x"], default: "snes9x" });
    expect(parseEmulatorsCfg('lr-x = "x"\ndefault = "gone"\n')).toEqual({ emulators: ["lr-x"] });
    expect(parseEmulatorsCfg("")).toEqual({ emulators: [] });
  });
});

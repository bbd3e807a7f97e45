import { describe, expect, test } from "bun:test";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { STANDALONE_EMULATORS } from "../../src/platforms/linux/standalone.ts";
import { virtualId } from "../../src/platforms/linux/url-launchers.ts";
import { coreForFolder, coresForSystem, RETROARCH_CORE_MAP } from "../../src/platforms/shared/retroarch-cores.ts";
import { retroArchCores } from "../../src/platforms/shared/retroarch.ts";

describe("Linux launcher tables", () => {
  test("every system of the core map and of the standalone emulators is one of ours", () => {
    const catalog = systemCatalog();
    const unknown = [...RETROARCH_CORE_MAP.map((r) => r.system), ...STANDALONE_EMULATORS.map((e) => e.system)].filter((id) => !catalog.byIdExact(id));
    expect(unknown).toEqual([]);
    expect(RETROARCH_CORE_MAP.length).toBe(75);
  });

  test("a system's cores: the reference's default, its desktop alternate, then our fallbacks", () => {
    expect(coresForSystem("SNES")).toEqual(["snes9x_libretro", "bsnes_libretro"]);
    expect(retroArchCores("NES")).toEqual(["mesen_libretro", "fceumm_libretro", "nestopia_libretro"]);
    expect(retroArchCores("C64")).toEqual(["vice_x128_libretro", "vice_x64_libretro"]);
    expect(coreForFolder("megadrive")).toBe("genesis_plus_gx_libretro");
    expect(coreForFolder("MSX2+")).toBe("bluemsx_libretro");
    expect(coreForFolder("nosuch")).toBeUndefined();
  });

  test("virtual game paths: the id decoded; malformed ids or ones that read as options refused", () => {
    expect(virtualId("lutris://celeste/Celeste", "lutris")).toBe("celeste");
    expect(virtualId("heroic://Some%20App/Title", "heroic")).toBe("Some App");
    expect(virtualId("heroic://%E0%A4%A/x", "heroic")).toBeUndefined();
    expect(virtualId("lutris://--help/x", "lutris")).toBeUndefined();
    expect(virtualId("lutris://a%0Ab/x", "lutris")).toBeUndefined();
    expect(virtualId("lutris:///x", "lutris")).toBeUndefined();
  });
});

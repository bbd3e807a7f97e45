import { describe, expect, test } from "bun:test";
import type { CustomLauncher as CustomLauncherConfig } from "../../../src/config/schema.ts";
import { systemCatalog } from "../../../src/core/systems/catalog.ts";
import { CustomLauncher } from "../../../src/platforms/shared/custom-launcher.ts";
import type { LaunchTarget } from "../../../src/platforms/shared/launcher.ts";

// Systems named in the config (systems.default, readers.scan.ignore_system, custom launchers) take any name of a
// system, as the reference reads them through its system lookup.
const catalog = systemCatalog();

describe("names in the config", () => {
  test("nameMeans: any name of the system, the id in any case; nothing else", () => {
    expect(["Genesis", "genesis", "MegaDrive", "Sega Mega Drive", "smd"].map((n) => catalog.nameMeans(n, "Genesis"))).toEqual([true, true, true, true, true]);
    expect(["SNES", "GenesisMSU", "NoSuchSystem", ""].map((n) => catalog.nameMeans(n, "Genesis"))).toEqual([false, false, false, false]);
  });

  test("a custom launcher's systems take aliases and natural names", () => {
    const cfg = { id: "Emu", systems: ["megadrive"], system: "super famicom", command: ["/bin/true", "{path}"] } as unknown as CustomLauncherConfig;
    const launcher = new CustomLauncher(cfg, (() => undefined) as never);
    const target = (id: string): LaunchTarget => ({ path: "/roms/x.bin", extension: ".bin", scheme: "", system: catalog.byIdExact(id), name: "x" });
    expect(["Genesis", "SNES", "NES"].map((id) => launcher.handles(target(id)))).toEqual([true, true, false]);
    expect(launcher.systemId).toBe("SNES");
  });
});

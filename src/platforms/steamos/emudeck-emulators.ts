/**
 * The emulator EmuDeck sets up for each ES system folder (facts from the reference): a libretro core run by
 * Flatpak RetroArch, or a standalone emulator's Flatpak.
 */
import { STANDALONE_EMULATORS } from "../linux/standalone.ts";
import { coreForFolder } from "../shared/retroarch-cores.ts";

export type EmuDeckEmulator = { core: string } | { flatpak: string };

export const RETROARCH_FLATPAK = "org.libretro.RetroArch";

const core = (c: string): EmuDeckEmulator => ({ core: `${c}_libretro` });
const app = (id: string): EmuDeckEmulator => ({ flatpak: id });

export const EMUDECK_EMULATORS: Readonly<Record<string, EmuDeckEmulator>> = {
  nes: core("mesen"), snes: core("snes9x"), gb: core("gambatte"), gbc: core("gambatte"), gba: core("mgba"),
  n64: core("mupen64plus_next"), nds: core("melonds"), fds: core("mesen"), virtualboy: core("beetle_vb"),
  pokemini: core("pokemini"), mastersystem: core("genesis_plus_gx"), megadrive: core("genesis_plus_gx"),
  gamegear: core("genesis_plus_gx"), sg1000: core("genesis_plus_gx"), sega32x: core("picodrive"),
  megacd: core("genesis_plus_gx"), saturn: core("beetle_saturn"), pcengine: core("beetle_pce"),
  pcenginecd: core("beetle_pce"), supergrafx: core("beetle_supergrafx"), pcfx: core("beetle_pcfx"),
  neogeo: core("fbneo"), ngp: core("beetle_ngp"), ngpc: core("beetle_ngp"), atari2600: core("stella"),
  atari5200: core("atari800"), atari7800: core("prosystem"), lynx: core("handy"), atarist: core("hatari"),
  arcade: core("fbneo"), mame: core("mame"), fbneo: core("fbneo"), colecovision: core("bluemsx"),
  intellivision: core("freeintv"), vectrex: core("vecx"), wonderswan: core("beetle_wswan"),
  wswan: core("beetle_wswan"), wswanc: core("beetle_wswan"), msx1: core("bluemsx"), msx2: core("bluemsx"),
  amstradcpc: core("cap32"), zxspectrum: core("fuse"), c64: core("vice_x64"),
  psx: app("org.duckstation.DuckStation"), ps2: app("net.pcsx2.PCSX2"), ps3: app("net.rpcs3.RPCS3"),
  psp: app("org.ppsspp.PPSSPP"), gamecube: app("org.DolphinEmu.dolphin-emu"), wii: app("org.DolphinEmu.dolphin-emu"),
  wiiu: app("info.cemu.Cemu"), switch: app("org.ryujinx.Ryujinx"), "3ds": app("org.citra_emu.citra"),
  dreamcast: app("org.flycast.Flycast"), naomi: app("org.flycast.Flycast"), atomiswave: app("org.flycast.Flycast"),
  scummvm: app("org.scummvm.ScummVM"),
};

/**
 * The emulator for an EmuDeck ROM folder: EmuDeck's own choice above, else (as the reference) a standalone
 * emulator's Flatpak for that folder, else RetroArch with the core map's core for it.
 */
export function emuDeckEmulator(folder: string): EmuDeckEmulator | undefined {
  const own = Object.hasOwn(EMUDECK_EMULATORS, folder) ? EMUDECK_EMULATORS[folder] : undefined;
  if (own) return own;
  const standalone = STANDALONE_EMULATORS.find((e) => e.folder === folder && e.flatpak && !e.secondary);
  if (standalone?.flatpak) return app(standalone.flatpak);
  const c = coreForFolder(folder);
  return c ? { core: c } : undefined;
}

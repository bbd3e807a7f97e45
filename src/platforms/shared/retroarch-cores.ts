/**
 * The libretro core the reference uses for each system on desktop Linux and SteamOS, with the ES folder it
 * belongs to (facts from the reference's core map; core names are buildbot file names without `_libretro.so`).
 * Order matters: the first row of a system is its default core.
 */
export interface CoreRow {
  readonly system: string;
  readonly folder: string;
  readonly core: string;
}

const rows = (text: string): CoreRow[] =>
  text
    .trim()
    .split(/\s+/)
    .map((cell) => {
      const [system = "", folder = "", core = ""] = cell.split(":");
      return { system, folder, core };
    });

// system:folder:core
export const RETROARCH_CORE_MAP: readonly CoreRow[] = rows(`
  3DO:3do:opera Amiga1200:amiga1200:puae Amiga500:amiga500:puae AmigaCD32:amigacd32:puae CommodoreCDTV:amigacdtv:puae
  Amstrad:amstradcpc:cap32 AmstradGX4000:gx4000:cap32 AppleII:apple2:applewin Arcade:arcade:mame
  Atari2600:atari2600:stella Atari5200:atari5200:atari800 Atari7800:atari7800:prosystem Atari800:atari800:atari800
  AtariST:atarist:hatari BBCMicro:bbc:b2 C64:c128:vice_x128 VIC20:c20:vice_xvic C64:c64:vice_x64
  ChannelF:channelf:freechaf ColecoVision:colecovision:bluemsx CommodorePlus4:cplus4:vice_xplus4 CPS1:cps1:fbneo
  CPS2:cps2:fbneo CPS3:cps3:fbneo DOS:dos:dosbox_pure Dreamcast:dreamcast:flycast FDS:fds:mesen
  GameNWatch:gameandwatch:gw GameGear:gamegear:genesis_plus_gx Gameboy:gb:gambatte GBA:gba:mgba
  GameboyColor:gbc:gambatte Intellivision:intellivision:freeintv Jaguar:jaguar:virtualjaguar AtariLynx:lynx:handy
  Arcade:mame:mame MasterSystem:mastersystem:genesis_plus_gx MegaCD:megacd:genesis_plus_gx
  Genesis:megadrive:genesis_plus_gx SegaPico:pico:genesis_plus_gx MSX:msx1:bluemsx MSX:msx2:bluemsx
  MSX2Plus:msx2+:bluemsx Nintendo64:n64:mupen64plus_next NDS:nds:melondsds NeoGeo:neogeo:fbneo NeoGeoCD:neogeocd:neocd
  NES:nes:mesen NeoGeoPocket:ngp:mednafen_ngp NeoGeoPocketColor:ngpc:mednafen_ngp Odyssey2:odyssey2:o2em
  PC88:pc88:quasi88 PC98:pc98:np2kai TurboGrafx16:pcengine:mednafen_pce_fast TurboGrafx16CD:pcenginecd:mednafen_pce_fast
  PCFX:pcfx:mednafen_pcfx PET2001:pet:vice_xpet PokemonMini:pokemini:pokemini DOS:prboom:prboom PSP:psp:ppsspp
  PSX:psx:mednafen_psx_hw Saturn:saturn:mednafen_saturn ScummVM:scummvm:scummvm Sega32X:sega32x:picodrive
  SG1000:sg1000:genesis_plus_gx SNES:snes:snes9x SuperGrafx:supergrafx:mednafen_supergrafx TIC80:tic80:tic80
  Vectrex:vectrex:vecx VirtualBoy:virtualboy:mednafen_vb WonderSwan:wswan:mednafen_wswan
  WonderSwanColor:wswanc:mednafen_wswan X68000:x68000:px68k ZX81:zx81:81 ZXSpectrum:zxspectrum:fuse
`);

/** Cores the reference offers besides the default one on the desktop (its `RetroArchBSNES`, `RetroArchFCEUMM`). */
export const RETROARCH_ALTERNATE_CORES: readonly CoreRow[] = rows(`SNES:snes:bsnes NES:nes:fceumm`);

/** The cores tried for a system id, default first, then alternates; as `<core>_libretro` file stems. */
export function coresForSystem(systemId: string): string[] {
  const out: string[] = [];
  for (const r of [...RETROARCH_CORE_MAP, ...RETROARCH_ALTERNATE_CORES]) {
    const stem = `${r.core}_libretro`;
    if (r.system === systemId && !out.includes(stem)) out.push(stem);
  }
  return out;
}

/** The default core for an ES system folder (`snes`, `megadrive` …), as a `<core>_libretro` file stem. */
export function coreForFolder(folder: string): string | undefined {
  const row = RETROARCH_CORE_MAP.find((r) => r.folder.toLowerCase() === folder.toLowerCase());
  return row ? `${row.core}_libretro` : undefined;
}

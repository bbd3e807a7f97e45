/** One ReplayOS ROM folder (`roms/<manufacturer>_<system>`): the system its files are and the launcher's id. */
export interface ReplaySystem {
  folder: string;
  systemId: string;
  launcherId: string;
  extensions: readonly string[];
}

const zip = [".zip", ".7z"];

/** [folder, system id, extensions, launcher id when not the system id], as the reference maps ReplayOS's folders. */
const TABLE: ReadonlyArray<readonly [string, string, readonly string[], string?]> = [
  ["nintendo_nes", "NES", [".nes", ".unif", ".unf", ".fds", ...zip]],
  ["nintendo_snes", "SNES", [".smc", ".sfc", ".swc", ".fig", ".bs", ".st", ...zip]],
  ["nintendo_gb", "Gameboy", [".gb", ...zip]],
  ["nintendo_gbc", "GameboyColor", [".gbc", ...zip]],
  ["nintendo_gba", "GBA", [".gba", ...zip]],
  ["nintendo_n64", "Nintendo64", [".z64", ".n64", ".v64", ".bin", ".u1", ...zip]],
  ["nintendo_ds", "NDS", [".nds", ".bin", ...zip]],
  ["sega_smd", "Genesis", [".bin", ".gen", ".md", ".sg", ".smd", ...zip]],
  ["sega_sms", "MasterSystem", [".bin", ".sms", ...zip]],
  ["sega_gg", "GameGear", [".bin", ".gg", ...zip]],
  ["sega_32x", "Sega32X", [".32x", ".chd", ".smd", ".bin", ".md", ...zip]],
  ["sega_cd", "MegaCD", [".cue", ".iso", ".chd", ".m3u"]],
  ["sega_dc", "Dreamcast", [".cdi", ".cue", ".gdi", ".chd", ".m3u"]],
  ["sega_saturn", "Saturn", [".cue", ".ccd", ".m3u", ".chd", ".iso", ".zip"]],
  ["sega_sg1000", "SG1000", [".bin", ".sg", ...zip]],
  ["arcade_fbneo", "Arcade", zip, "ArcadeFBNeo"],
  ["arcade_mame", "Arcade", zip, "ArcadeMAME"],
  ["arcade_mame_2k3p", "Arcade", zip, "ArcadeMAME2K3P"],
  ["arcade_dc", "Atomiswave", [".zip", ".chd", ".lst", ".bin", ".dat", ".7z"], "ArcadeDC"],
  ["atari_2600", "Atari2600", [".a26", ".bin", ...zip]],
  ["atari_5200", "Atari5200", [".rom", ".xfd", ".atr", ".atx", ".cdm", ".cas", ".car", ".bin", ".a52", ".xex", ...zip]],
  ["atari_7800", "Atari7800", [".a78", ".bin", ...zip]],
  ["atari_jaguar", "Jaguar", [".cue", ".j64", ".jag", ".cof", ".abs", ".cdi", ".rom", ...zip]],
  ["atari_lynx", "AtariLynx", [".lnx", ...zip]],
  ["sony_psx", "PSX", [".cue", ".img", ".mdf", ".pbp", ".toc", ".cbn", ".m3u", ".ccd", ".chd", ".iso"]],
  ["nec_pce", "TurboGrafx16", [".pce", ".bin", ...zip]],
  ["nec_pcecd", "TurboGrafx16CD", [".pce", ".cue", ".ccd", ".iso", ".img", ".chd"]],
  ["snk_neogeo", "NeoGeo", [".7z", ".zip"]],
  ["snk_neocd", "NeoGeoCD", [".cue", ".iso", ".chd"]],
  ["snk_ngp", "NeoGeoPocket", [".ngp", ...zip]],
  ["commodore_c64", "C64", [".d64", ".d81", ".crt", ".prg", ".tap", ".t64", ".m3u", ...zip]],
  ["commodore_ami", "Amiga", [".adf", ".uae", ".ipf", ".dms", ".dmz", ".adz", ".lha", ".hdf", ".exe", ".m3u", ".zip"]],
  ["commodore_amicd", "AmigaCD32", [".bin", ".cue", ".iso", ".chd"]],
  ["msx_msx", "MSX1", [".dsk", ".mx1", ".rom", ...zip, ".cas", ".m3u"]],
  ["msx_msx2", "MSX2", [".dsk", ".mx2", ".rom", ...zip, ".cas", ".m3u"]],
  ["sinclair_zxs", "ZXSpectrum", [".tzx", ".tap", ".z80", ".rzx", ".scl", ".trd", ".dsk", ...zip]],
  ["sharp_x68k", "X68000", [".dim", ".img", ".d88", ".88d", ".hdm", ".dup", ".2hd", ".xdf", ".hdf", ".cmd", ".m3u", ...zip]],
  ["panasonic_3do", "3DO", [".iso", ".chd", ".cue"]],
  ["philips_cdi", "CDI", [".chd", ".cue", ".toc", ".nrg", ".gdi", ".iso", ".cdr"]],
  ["pc_dos", "DOS", [".pc", ".dos", ".zip", ".squashfs", ".dosz", ".m3u", ".iso", ".cue"]],
  ["pc_scummvm", "ScummVM", [".scummvm", ".squashfs"]],
  ["amstrad_cpc", "Amstrad", [".dsk", ".sna", ".tap", ".cdt", ".voc", ".cpr", ...zip]],
  ["alpha_player", "Video", [".mkv", ".avi", ".mp4", ".flac", ".ogg", ".nsf", ".vgm"]],
];

/** Every ReplayOS system folder, in the reference's order (one launcher each). */
export const REPLAY_SYSTEMS: readonly ReplaySystem[] = TABLE.map(([folder, systemId, extensions, launcherId]) => ({
  folder,
  systemId,
  launcherId: launcherId ?? systemId,
  extensions,
}));

const BY_FOLDER = new Map(REPLAY_SYSTEMS.map((s) => [s.folder, s]));

export function replaySystemForFolder(folder: string): ReplaySystem | undefined {
  return BY_FOLDER.get(folder);
}

/**
 * The system a loaded libretro core plays, for games started from ReplayOS's menu whose ROM is not known
 * (the reference's core map; the ROM's folder is preferred when known, as cores such as gambatte serve several).
 */
const CORE_SYSTEMS: Readonly<Record<string, readonly string[]>> = {
  Arcade: ["fbneo", "mamearcade", "mame2003_plus", "mame", "mame2010"],
  Dreamcast: ["flycast", "flycast_gles2", "flycast_2021", "flycast2", "lr_flycast"],
  NES: ["fceumm", "nestopia", "quicknes"],
  SNES: ["snes9x", "snes9x2010", "bsnes"],
  GBA: ["mgba", "vbam", "gpsp"],
  Gameboy: ["gambatte", "sameboy"],
  Nintendo64: ["mupen64plus_next", "parallel_n64"],
  NDS: ["melondsds", "melonds", "desmume"],
  Genesis: ["genesis_plus_gx", "genesis_plus_gx_wide", "picodrive", "blastem"],
  Saturn: ["mednafen_saturn", "beetle_saturn", "yabause"],
  MasterSystem: ["gearsystem", "smsplus"],
  PSX: ["pcsx_rearmed", "mednafen_psx", "beetle_psx", "swanstation"],
  Atari2600: ["stella", "stella2014"],
  Atari7800: ["prosystem"],
  Atari5200: ["atari800"],
  AtariLynx: ["handy", "beetle_lynx", "mednafen_lynx"],
  Jaguar: ["virtualjaguar"],
  TurboGrafx16: ["mednafen_pce", "mednafen_pce_fast", "beetle_pce", "beetle_pce_fast"],
  NeoGeo: ["fbneo_neogeo"],
  NeoGeoCD: ["neocd"],
  NeoGeoPocket: ["mednafen_ngp", "beetle_ngp", "race"],
  C64: ["vice_x64", "vice_x64sc", "vice_xscpu64"],
  DOS: ["dosbox_pure", "dosbox_svn"],
  ScummVM: ["scummvm"],
  MSX: ["fmsx", "bluemsx"],
  ZXSpectrum: ["fuse"],
  X68000: ["px68k"],
  Amiga: ["puae", "uae4arm"],
  Amstrad: ["cap32"],
  "3DO": ["opera", "4do"],
  CDI: ["cdi2015", "same_cdi"],
};

const BY_CORE = new Map<string, string>(Object.entries(CORE_SYSTEMS).flatMap(([system, cores]) => cores.map((c) => [`${c}_libretro.so`, system] as const)));

/** The system of a core file name (`snes9x_libretro.so`), if the reference's map knows it. */
export function systemForCore(core: string): string | undefined {
  return BY_CORE.get(core);
}

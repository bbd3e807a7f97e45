import type { MisterCoreDef } from "./core-types.ts";

/**
 * MiSTer console cores: data only.
 * Facts from the reference implementation (zaparoo-core pkg/platforms/mister: cores and launchers).
 */
export const MISTER_CONSOLE_CORES: readonly MisterCoreDef[] = [
  { id: "3DO", rbf: "_Console/3DO", folders: ["3DO"], slots: [{ exts: [".iso", ".cue", ".chd"], type: "s", index: 0, delay: 1 }] },
  { id: "AdventureVision", rbf: "_Console/AdventureVision", folders: ["AVision"], slots: [{ label: "Game", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "Arcadia", rbf: "_Console/Arcadia", folders: ["Arcadia"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "Astrocade", rbf: "_Console/Astrocade", folders: ["Astrocade"], slots: [{ exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  {
    id: "Atari2600", rbf: "_Console/Atari7800", setName: "Atari2600", folders: ["ATARI7800", "Atari2600"],
    slots: [
      { exts: [".a26", ".bin"], type: "f", index: 1, delay: 1 },
    ],
  },
  {
    id: "Atari5200", rbf: "_Console/Atari5200", folders: ["ATARI5200"],
    slots: [
      { label: "Cart", exts: [".car", ".a52", ".bin", ".rom"], type: "s", index: 1, delay: 1 },
    ],
  },
  { id: "Atari7800", rbf: "_Console/Atari7800", folders: ["ATARI7800"], slots: [{ exts: [".a78", ".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "AtariLynx", rbf: "_Console/AtariLynx", folders: ["AtariLynx"], slots: [{ exts: [".lnx"], type: "f", index: 1, delay: 1 }] },
  { id: "CasioPV1000", rbf: "_Console/Casio_PV-1000", folders: ["Casio_PV-1000"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "CDI", rbf: "_Console/CDi", folders: ["CD-i"], slots: [{ exts: [".cue", ".chd"], type: "s", index: 1, delay: 1 }] },
  { id: "ChannelF", rbf: "_Console/ChannelF", folders: ["ChannelF"], slots: [{ exts: [".rom", ".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "ColecoVision", rbf: "_Console/ColecoVision", folders: ["Coleco"], slots: [{ exts: [".col", ".bin", ".rom"], type: "f", index: 1, delay: 1 }] },
  {
    id: "CreatiVision", rbf: "_Console/CreatiVision", folders: ["CreatiVision"],
    slots: [
      { label: "Cartridge", exts: [".rom", ".bin"], type: "f", index: 1, delay: 1 },
      { label: "BASIC", exts: [".bas"], type: "f", index: 3, delay: 1 },
    ],
  },
  { id: "FDS", rbf: "_Console/NES", setName: "FDS", folders: ["NES", "FDS"], slots: [{ exts: [".fds"], type: "f", index: 1, delay: 2 }] },
  { id: "Gamate", rbf: "_Console/Gamate", folders: ["Gamate"], slots: [{ exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "Gameboy", rbf: "_Console/Gameboy", folders: ["GAMEBOY"], slots: [{ exts: [".gb"], type: "f", index: 1, delay: 2 }] },
  { id: "GameboyColor", rbf: "_Console/Gameboy", setName: "GBC", folders: ["GAMEBOY", "GBC"], slots: [{ exts: [".gbc"], type: "f", index: 1, delay: 2 }] },
  { id: "Gameboy2P", rbf: "_Console/Gameboy2P", folders: ["GAMEBOY2P"], slots: [{ exts: [".gb", ".gbc"], type: "f", index: 1, delay: 2 }] },
  { id: "GameGear", rbf: "_Console/SMS", setName: "GameGear", folders: ["SMS", "GameGear"], slots: [{ exts: [".gg"], type: "f", index: 2, delay: 1 }] },
  { id: "GameGear2P", rbf: "_Console/GameGear2P", setName: "GameGear2P", folders: ["GameGear2P"], slots: [{ exts: [".gg"], type: "f", index: 2, delay: 1 }] },
  { id: "GameNWatch", rbf: "_Console/GnW", folders: ["GameNWatch"], slots: [{ exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "GBA", rbf: "_Console/GBA", folders: ["GBA"], slots: [{ exts: [".gba"], type: "f", index: 1, delay: 2 }] },
  { id: "GBA2P", rbf: "_Console/GBA2P", folders: ["GBA2P"], slots: [{ exts: [".gba"], type: "f", index: 1, delay: 2 }] },
  { id: "Genesis", rbf: "_Console/MegaDrive", folders: ["MegaDrive", "Genesis"], slots: [{ exts: [".bin", ".gen", ".md"], type: "f", index: 1, delay: 1 }] },
  { id: "Intellivision", rbf: "_Console/Intellivision", folders: ["Intellivision"], slots: [{ exts: [".rom", ".int", ".bin"], type: "f", index: 1, delay: 1 }] },
  {
    id: "Jaguar", rbf: "_Console/Jaguar", folders: ["Jaguar"],
    slots: [
      { exts: [".jag", ".j64", ".rom", ".bin"], type: "f", index: 0, delay: 1, reset: { delay: 1, hold: 1 } },
    ],
  },
  { id: "JaguarCD", rbf: "_Console/Jaguar", folders: ["Jaguar"], slots: [{ exts: [".cdi"], type: "s", index: 1, delay: 1, reset: { delay: 1, hold: 1 } }] },
  { id: "MasterSystem", rbf: "_Console/SMS", folders: ["SMS"], slots: [{ exts: [".sms"], type: "f", index: 1, delay: 1 }] },
  { id: "MegaCD", rbf: "_Console/MegaCD", folders: ["MegaCD"], slots: [{ label: "Disk", exts: [".cue", ".chd"], type: "s", index: 0, delay: 1 }] },
  { id: "MegaDuck", rbf: "_Console/Gameboy", folders: ["GAMEBOY", "MegaDuck"], slots: [{ exts: [".bin"], type: "f", index: 1, delay: 2 }] },
  { id: "NeoGeo", rbf: "_Console/NeoGeo", folders: ["NEOGEO"], slots: [{ label: "ROM set", exts: [".neo"], type: "f", index: 1, delay: 1 }] },
  { id: "NeoGeoCD", rbf: "_Console/NeoGeo", folders: ["NeoGeo-CD", "NEOGEO"], slots: [{ label: "CD Image", exts: [".cue", ".chd"], type: "s", index: 1, delay: 1 }] },
  { id: "NeoGeoPocket", rbf: "_Arcade/JTNGP", setName: "NeoGeoPocket", folders: ["NGP"], slots: [{ label: "ROM", exts: [".ngp"], type: "f", index: 1, delay: 2 }] },
  { id: "NeoGeoPocketColor", rbf: "_Arcade/JTNGPC", setName: "JTNGPC", folders: ["NGPC"], slots: [{ label: "ROM", exts: [".ngc"], type: "f", index: 1, delay: 2 }] },
  { id: "NES", rbf: "_Console/NES", folders: ["NES"], slots: [{ exts: [".nes"], type: "f", index: 1, delay: 2 }] },
  { id: "NESMusic", rbf: "_Console/NES", folders: ["NES"], slots: [{ exts: [".nsf"], type: "f", index: 1, delay: 2 }] },
  { id: "Nintendo64", rbf: "_Console/N64", folders: ["N64"], slots: [{ exts: [".n64", ".z64", ".v64"], type: "f", index: 1, delay: 1 }] },
  { id: "Odyssey2", rbf: "_Console/Odyssey2", folders: ["ODYSSEY2"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  {
    id: "PocketChallengeV2", rbf: "_Console/WonderSwan", setName: "PocketChallengeV2", folders: ["WonderSwan", "PocketChallengeV2"],
    slots: [
      { label: "ROM", exts: [".pc2"], type: "f", index: 1, delay: 1 },
    ],
  },
  { id: "PokemonMini", rbf: "_Console/PokemonMini", folders: ["PokemonMini"], slots: [{ label: "ROM", exts: [".min"], type: "f", index: 1, delay: 1 }] },
  {
    id: "PSX", rbf: "_Console/PSX", folders: ["PSX"],
    slots: [
      { label: "CD", exts: [".cue", ".chd"], type: "s", index: 1, delay: 1 },
      { label: "Exe", exts: [".exe"], type: "f", index: 1, delay: 1 },
    ],
  },
  { id: "Sega32X", rbf: "_Console/S32X", folders: ["S32X"], slots: [{ exts: [".32x"], type: "f", index: 1, delay: 1 }] },
  {
    id: "SG1000", rbf: "_Console/ColecoVision", setName: "SG1000", folders: ["SG1000", "Coleco", "SMS"],
    slots: [
      { label: "SG-1000", exts: [".sg"], type: "f", index: 0, delay: 1 },
    ],
  },
  { id: "SuperGameboy", rbf: "_Console/SGB", folders: ["SGB"], slots: [{ exts: [".gb", ".gbc"], type: "f", index: 1, delay: 1 }] },
  { id: "SuperVision", rbf: "_Console/SuperVision", folders: ["SuperVision"], slots: [{ label: "Cartridge", exts: [".bin", ".sv"], type: "f", index: 1, delay: 1 }] },
  { id: "Saturn", rbf: "_Console/Saturn", folders: ["Saturn"], slots: [{ label: "Disk", exts: [".cue", ".chd"], type: "s", index: 0, delay: 2 }] },
  { id: "SNES", rbf: "_Console/SNES", folders: ["SNES"], slots: [{ exts: [".sfc", ".smc", ".bin", ".bs"], type: "f", index: 0, delay: 2 }] },
  { id: "SNESMusic", rbf: "_Console/SNES", folders: ["SNES"], slots: [{ exts: [".spc"], type: "f", index: 1, delay: 2 }] },
  { id: "SuperGrafx", rbf: "_Console/TurboGrafx16", folders: ["TGFX16"], slots: [{ label: "SuperGrafx", exts: [".sgx"], type: "f", index: 1, delay: 1 }] },
  { id: "TurboGrafx16", rbf: "_Console/TurboGrafx16", folders: ["TGFX16"], slots: [{ label: "TurboGrafx", exts: [".bin", ".pce"], type: "f", index: 0, delay: 1 }] },
  { id: "TurboGrafx16CD", rbf: "_Console/TurboGrafx16", folders: ["TGFX16-CD"], slots: [{ label: "CD", exts: [".cue", ".chd"], type: "s", index: 0, delay: 1 }] },
  { id: "VC4000", rbf: "_Console/VC4000", folders: ["VC4000"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "Vectrex", rbf: "_Console/Vectrex", folders: ["VECTREX"], slots: [{ exts: [".vec", ".bin", ".rom"], type: "f", index: 1, delay: 1 }] },
  { id: "VirtualBoy", rbf: "_Console/VirtualBoy", folders: ["VirtualBoy"], slots: [{ exts: [".vb"], type: "f", index: 1, delay: 1 }] },
  { id: "WonderSwan", rbf: "_Console/WonderSwan", folders: ["WonderSwan"], slots: [{ label: "ROM", exts: [".ws"], type: "f", index: 1, delay: 1 }] },
  {
    id: "WonderSwanColor", rbf: "_Console/WonderSwan", setName: "WonderSwanColor", folders: ["WonderSwan", "WonderSwanColor"],
    slots: [
      { label: "ROM", exts: [".wsc"], type: "f", index: 1, delay: 1 },
    ],
  },
];

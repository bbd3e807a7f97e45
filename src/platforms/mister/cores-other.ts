import type { MisterCoreDef } from "./core-types.ts";

/**
 * MiSTer other cores (arcade, homebrew engines, audio, utilities): data only.
 * Facts from the reference implementation (zaparoo-core pkg/platforms/mister: cores and launchers).
 */
export const MISTER_OTHER_CORES: readonly MisterCoreDef[] = [
  { id: "Arcade", rbf: "", folders: ["_Arcade"], slots: [] },
  { id: "Arduboy", rbf: "_Other/Arduboy", folders: ["Arduboy"], slots: [{ exts: [".bin", ".hex"], type: "f", index: 0, delay: 1 }] },
  { id: "Chip8", rbf: "_Other/Chip8", folders: ["Chip8"], slots: [{ exts: [".ch8"], type: "f", index: 1, delay: 1 }] },
  { id: "Groovy", rbf: "_Utility/Groovy", folders: ["Groovy"], slots: [{ label: "GMC", exts: [".gmc"], type: "f", index: 1, delay: 3 }] },
  {
    id: "MegaVGMDrive", system: "Audio", rbf: "_Custom Cores/Cores/VGM_MD_MiSTer", setName: "MegaVGMDrive", folders: ["MegaVGMDrive"],
    slots: [
      { label: "VGM", exts: [".vgm"], type: "f", index: 1, delay: 1 },
    ],
  },
  {
    id: "OpenBOR", rbf: "_Other/OpenBOR_4086", fallbackRbf: ["_Other/OpenBOR_7533"], folders: ["OpenBOR"],
    slots: [
      { label: "PAK", exts: [".pak"], type: "s", index: 0, delay: 2 },
    ],
  },
  { id: "Pico8", rbf: "_Other/PICO-8", folders: ["PICO-8"], slots: [{ label: "Cart", exts: [".p8", ".p8.png"], type: "s", index: 0, delay: 2 }] },
];

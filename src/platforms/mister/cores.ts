/**
 * MiSTer cores the launcher knows, by the reference's system ids: the core's RBF path (relative to the SD
 * card, without the date suffix) and how a file is handed to it in an MGL (`type` f = file, s = CD image;
 * `index` = the core's file slot; `delay` seconds before loading). Values are facts of the MiSTer cores.
 */
export interface MisterCore {
  systemId: string;
  rbf: string;
  slots: ReadonlyArray<{ extensions: readonly string[]; type: "f" | "s"; index: number; delay: number }>;
}

export const MISTER_CORES: readonly MisterCore[] = [
  { systemId: "NES", rbf: "_Console/NES", slots: [{ extensions: [".nes"], type: "f", index: 1, delay: 2 }] },
  { systemId: "SNES", rbf: "_Console/SNES", slots: [{ extensions: [".sfc", ".smc", ".bin", ".bs"], type: "f", index: 0, delay: 2 }] },
  { systemId: "Genesis", rbf: "_Console/MegaDrive", slots: [{ extensions: [".bin", ".gen", ".md"], type: "f", index: 1, delay: 1 }] },
  { systemId: "Gameboy", rbf: "_Console/Gameboy", slots: [{ extensions: [".gb"], type: "f", index: 1, delay: 2 }] },
  { systemId: "GameboyColor", rbf: "_Console/Gameboy", slots: [{ extensions: [".gbc"], type: "f", index: 1, delay: 2 }] },
  { systemId: "GBA", rbf: "_Console/GBA", slots: [{ extensions: [".gba"], type: "f", index: 1, delay: 2 }] },
  { systemId: "GameGear", rbf: "_Console/SMS", slots: [{ extensions: [".gg"], type: "f", index: 2, delay: 1 }] },
  { systemId: "TurboGrafx16", rbf: "_Console/TurboGrafx16", slots: [{ extensions: [".bin", ".pce"], type: "f", index: 0, delay: 1 }] },
  { systemId: "MegaCD", rbf: "_Console/MegaCD", slots: [{ extensions: [".cue", ".chd"], type: "s", index: 0, delay: 1 }] },
  { systemId: "PSX", rbf: "_Console/PSX", slots: [{ extensions: [".cue", ".chd"], type: "s", index: 1, delay: 1 }] },
  { systemId: "Atari2600", rbf: "_Console/Atari7800", slots: [{ extensions: [".a26"], type: "f", index: 1, delay: 1 }] },
];

/** Files MiSTer loads directly with `load_core` (arcade MRA, MGL, core RBF). */
export const MISTER_DIRECT_EXTENSIONS: ReadonlySet<string> = new Set([".mra", ".mgl", ".rbf"]);

/**
 * The core and slot for a file: by system id when known, else by extension when exactly one core takes it.
 */
export function misterCoreFor(systemId: string | undefined, extension: string): { core: MisterCore; slot: MisterCore["slots"][number] } | undefined {
  const ext = extension.toLowerCase();
  const candidates = systemId ? MISTER_CORES.filter((c) => c.systemId.toLowerCase() === systemId.toLowerCase()) : MISTER_CORES;
  const hits = candidates.flatMap((core) => core.slots.filter((s) => s.extensions.includes(ext)).map((slot) => ({ core, slot })));
  return hits.length === 1 || (systemId && hits.length > 0) ? hits[0] : undefined;
}

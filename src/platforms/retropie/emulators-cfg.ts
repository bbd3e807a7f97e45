/**
 * RetroPie's per-system emulator list, `/opt/retropie/configs/<system>/emulators.cfg` (pure): lines
 * `<emulator> = "<command>"` and `default = "<emulator>"`, which `runcommand` starts unless the user picks
 * another in its menu.
 */
export interface EmulatorsCfg {
  /** Emulator names in file order (`lr-snes9x`, `snes9x` …). */
  emulators: string[];
  /** The default emulator, when the file names one that it also defines. */
  default?: string;
}

export function parseEmulatorsCfg(text: string): EmulatorsCfg {
  const emulators: string[] = [];
  let def: string | undefined;
  for (const raw of text.split("\n")) {
    const m = /^\s*([^#=\s][^=]*?)\s*=\s*"?(.*?)"?\s*$/.exec(raw);
    if (!m) continue;
    const key = m[1] as string;
    if (key === "default") def = m[2];
    else if (!emulators.includes(key)) emulators.push(key);
  }
  return def !== undefined && emulators.includes(def) ? { emulators, default: def } : { emulators };
}

import type { MglSlot, MisterAltCore, MisterCoreDef } from "./core-types.ts";
import { MISTER_ALT_CORES } from "./cores-alt.ts";
import { MISTER_COMPUTER_CORES } from "./cores-computer.ts";
import { MISTER_CONSOLE_CORES } from "./cores-console.ts";
import { MISTER_OTHER_CORES } from "./cores-other.ts";

export type { MglSlot, MisterAltCore, MisterCoreDef } from "./core-types.ts";
export { MISTER_ALT_CORES } from "./cores-alt.ts";

/** Every MiSTer core the launcher knows (consoles, computers, other), by the reference's core ids. */
export const MISTER_CORES: readonly MisterCoreDef[] = [...MISTER_CONSOLE_CORES, ...MISTER_COMPUTER_CORES, ...MISTER_OTHER_CORES];

/** MiSTer's names for cores that play several systems: a group id names its first core (data, from the reference). */
export const MISTER_CORE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  Atari7800: ["Atari7800", "Atari2600"],
  Coleco: ["ColecoVision", "SG1000"],
  Gameboy: ["Gameboy", "GameboyColor"],
  Jaguar: ["Jaguar", "JaguarCD"],
  NES: ["NES", "NESMusic", "FDS"],
  SMS: ["MasterSystem", "GameGear", "SG1000"],
  SNES: ["SNES", "SNESMusic"],
  TGFX16: ["TurboGrafx16", "SuperGrafx"],
};

/** Files MiSTer loads directly with `load_core` (arcade MRA, MGL, core RBF). */
export const MISTER_DIRECT_EXTENSIONS: ReadonlySet<string> = new Set([".mra", ".mgl", ".rbf"]);

/** Our system id of a core. */
export const coreSystem = (core: MisterCoreDef): string => core.system ?? core.id;

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The core for a system id, a core id or a MiSTer group name (any case). */
export function coreForSystem(id: string): MisterCoreDef | undefined {
  const group = Object.entries(MISTER_CORE_GROUPS).find(([g]) => eq(g, id))?.[1][0];
  const want = group ?? id;
  return MISTER_CORES.find((c) => eq(coreSystem(c), want) && c.rbf !== "") ?? MISTER_CORES.find((c) => eq(c.id, want));
}

/** The alternate core started by a launcher id (any case). */
export function altCore(launcherId: string): MisterAltCore | undefined {
  return MISTER_ALT_CORES.find((a) => eq(a.launcher, launcherId));
}

/** True when a file name ends with an extension ("…p8.png" too; `?` stands for any one character: ".e??"). */
function endsWithExt(lowerPath: string, ext: string): boolean {
  if (!ext.includes("?")) return lowerPath.endsWith(ext);
  const tail = lowerPath.slice(-ext.length);
  return tail.length === ext.length && [...ext].every((c, i) => c === "?" ? tail[i] !== "/" : c === tail[i]);
}

/** The slot of a core taking a file: its name ends with one of the slot's extensions. */
export function slotFor(slots: readonly MglSlot[], path: string): MglSlot | undefined {
  const lower = path.toLowerCase();
  return slots.find((s) => s.exts.some((e) => endsWithExt(lower, e)));
}

export interface CoreHit {
  core: MisterCoreDef;
  slot: MglSlot;
}

/**
 * The core and slot for a file: the cores of its system first; else (no system, or none of its cores takes the
 * file) a core whose games folder (an absolute one by its last part) is one of the file's parent folders; else
 * the only core taking the extension.
 */
export function misterCoreFor(systemId: string | undefined, path: string): CoreHit | undefined {
  const withSlot = (cores: readonly MisterCoreDef[]) =>
    cores.flatMap((core) => {
      const slot = slotFor(core.slots, path);
      return slot ? [{ core, slot }] : [];
    });
  if (systemId) {
    const hit = withSlot(MISTER_CORES.filter((c) => eq(coreSystem(c), systemId)))[0];
    if (hit) return hit;
  }
  const parents = path.split("/").slice(0, -1).reverse();
  for (const folder of parents) {
    const hit = withSlot(MISTER_CORES.filter((c) => c.folders.some((f) => eq(f.slice(f.lastIndexOf("/") + 1), folder))))[0];
    if (hit) return hit;
  }
  const byExt = withSlot(MISTER_CORES);
  return byExt.length === 1 ? byExt[0] : undefined;
}

import type { MglSlot } from "./core-types.ts";
import type { MglBody, MglFile } from "./mgl.ts";

/**
 * Cores whose launch writes more than the one file, as the reference's launch hooks do (by core id). `siblings`
 * lists the names in the file's folder in byte order, read only when a hook needs them (it may throw). Pure.
 */
type MglHook = (path: string, slot: MglSlot, siblings: () => readonly string[]) => MglBody | undefined;

const dirOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf("/"), 0)) || "/";
const baseOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const inDir = (dir: string, name: string) => (dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`);

/** The Top 300 DOS Games pack: its second disk boots from the pack's first disk, both mounted. */
const TOP300_SECOND_DISK = "IDE 0-1 Top 300 DOS Games.vhd";
const TOP300_BOOT_DISK = "IDE 0-0 BOOT-DOS98.vhd";
/** ao486's slot for a CD image mounted beside a hard disk (IDE 1-0). */
const AO486_CD_INDEX = 4;
const AO486_CD_EXTS = [".iso", ".chd"];
/** ao486 starts again once its disks are mounted. */
const AO486_RESET = { delay: 1 } as const;

/**
 * ao486 hard disk images (`.vhd`): the disk, after the first CD image (.iso, .chd) of its folder when there is
 * one, then a reset; the Top 300 pack's second disk with its boot disk. Other files: the plain MGL.
 */
const ao486: MglHook = (path, slot, siblings) => {
  if (!path.toLowerCase().endsWith(".vhd")) return undefined;
  const dir = dirOf(path);
  const disk = (p: string, index = slot.index): MglFile => ({ path: p, type: slot.type, index, delay: slot.delay });
  if (path.endsWith(TOP300_SECOND_DISK)) return { files: [disk(inDir(dir, TOP300_BOOT_DISK)), disk(path, slot.index + 1)], reset: AO486_RESET };
  const name = baseOf(path);
  const cd = siblings().find((n) => n !== name && AO486_CD_EXTS.some((e) => n.toLowerCase().endsWith(e)));
  const files = cd === undefined ? [disk(path)] : [disk(inDir(dir, cd), AO486_CD_INDEX), disk(path)];
  return { files, reset: AO486_RESET };
};

export const MGL_HOOKS: Readonly<Record<string, MglHook>> = { ao486 };

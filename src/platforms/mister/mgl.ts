import type { MisterCore } from "./cores.ts";

const xmlAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** True when a path cannot be written into an MGL or a MiSTer command (control characters). */
export function hasControlChars(path: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(path);
}

/**
 * An MGL file that loads `absPath` into a core. MiSTer resolves the file path relative to the core's games
 * folder, so an absolute path is written as `../../../../..` + the path.
 */
export function buildMgl(core: MisterCore, slot: MisterCore["slots"][number], absPath: string): string {
  return [
    "<mistergamedescription>",
    `\t<rbf>${xmlAttr(core.rbf)}</rbf>`,
    `\t<file delay="${slot.delay}" type="${slot.type}" index="${slot.index}" path="../../../../..${xmlAttr(absPath)}"/>`,
    "</mistergamedescription>",
    "",
  ].join("\n");
}

/** An MGL that only loads a core (no file): starts a system's core at its own menu. */
export function buildCoreOnlyMgl(core: MisterCore): string {
  return `<mistergamedescription>\n\t<rbf>${xmlAttr(core.rbf)}</rbf>\n</mistergamedescription>\n`;
}

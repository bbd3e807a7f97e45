import type { MglSlot } from "./core-types.ts";

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** True when a path cannot be written into an MGL or a MiSTer command (control characters). */
export function hasControlChars(path: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(path);
}

export interface MglSpec {
  /** The core as an MGL names it: path below the SD card without the date suffix (`_Console/SNES`). */
  rbf: string;
  setName?: string;
  setNameSameDir?: boolean;
  /** The file and how the core takes it; absent: the core starts at its own menu. */
  file?: { path: string; slot: MglSlot };
}

/**
 * An MGL as MiSTer Main reads it, byte for byte as the reference writes it: the core, its set name, the file
 * (MiSTer resolves `path` against the core's games folder, so an absolute path is written behind
 * `../../../../..`), an optional reset pulse; no newline after the closing tag.
 */
export function buildMgl(spec: MglSpec): string {
  let mgl = `<mistergamedescription>\n\t<rbf>${xmlEscape(spec.rbf)}</rbf>\n`;
  if (spec.setName) mgl += `\t<setname${spec.setNameSameDir ? ' same_dir="1"' : ""}>${xmlEscape(spec.setName)}</setname>\n`;
  if (spec.file) {
    const { slot, path } = spec.file;
    mgl += `\t<file delay="${slot.delay}" type="${slot.type}" index="${slot.index}" path="../../../../..${xmlEscape(path)}"/>\n`;
    if (slot.reset) mgl += `\t<reset delay="${slot.reset.delay}" hold="${slot.reset.hold}"/>\n`;
  }
  return `${mgl}</mistergamedescription>`;
}

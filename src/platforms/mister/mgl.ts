import type { MglSlot } from "./core-types.ts";

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** True when a path cannot be written into an MGL or a MiSTer command (control characters). */
export function hasControlChars(path: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(path);
}

/** One `<file>` line: a file handed to the core (`type`/`index`/`delay` as in MglSlot). */
export interface MglFile {
  path: string;
  type: MglSlot["type"];
  index: number;
  delay: number;
}

/** What a core's launch hook writes in place of the one file: several files, and a reset (`hold` absent: not written). */
export interface MglBody {
  files: readonly MglFile[];
  reset?: { delay: number; hold?: number };
}

export interface MglSpec {
  /** The core as an MGL names it: path below the SD card without the date suffix (`_Console/SNES`). */
  rbf: string;
  setName?: string;
  setNameSameDir?: boolean;
  /** The file and how the core takes it; absent: the core starts at its own menu. */
  file?: { path: string; slot: MglSlot };
  /** A core's own files and reset (mgl-hooks.ts), written instead of `file`. */
  body?: MglBody;
}

/** MiSTer resolves a file's `path` against the core's games folder: an absolute path is written behind `../../../../..`. */
const fileLine = (f: MglFile) => `\t<file delay="${f.delay}" type="${f.type}" index="${f.index}" path="../../../../..${xmlEscape(f.path)}"/>\n`;

const resetLine = (r: { delay: number; hold?: number }) => `\t<reset delay="${r.delay}"${r.hold !== undefined ? ` hold="${r.hold}"` : ""}/>\n`;

/**
 * An MGL as MiSTer Main reads it, byte for byte as the reference writes it: the core, its set name, the file (or
 * a hook's files), an optional reset pulse; no newline after the closing tag.
 */
export function buildMgl(spec: MglSpec): string {
  let mgl = `<mistergamedescription>\n\t<rbf>${xmlEscape(spec.rbf)}</rbf>\n`;
  if (spec.setName) mgl += `\t<setname${spec.setNameSameDir ? ' same_dir="1"' : ""}>${xmlEscape(spec.setName)}</setname>\n`;
  const body: MglBody | undefined = spec.body ?? (spec.file && { files: [{ path: spec.file.path, type: spec.file.slot.type, index: spec.file.slot.index, delay: spec.file.slot.delay }], reset: spec.file.slot.reset });
  if (body) {
    for (const f of body.files) mgl += fileLine(f);
    if (body.reset) mgl += resetLine(body.reset);
  }
  return `${mgl}</mistergamedescription>`;
}

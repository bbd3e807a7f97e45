import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { log } from "../../log.ts";

const logger = log.withTag("mister");

/** Where the reference keeps MiSTer's ArcadeDatabase.csv (its data folder's assets), relative to the SD card. */
export const ARCADE_DB_PATH = "zaparoo/assets/ArcadeDatabase.csv";
/** A CSV larger than this is not read (the real one is well under 1 MB). */
const MAX_BYTES = 16 * 1024 * 1024;

/** One game of MiSTer's ArcadeDatabase (`setname`, `name`, … `num_buttons`): the fields used here. */
export interface ArcadeEntry {
  setname: string;
  name: string;
  platform: string;
  year: string;
  manufacturer: string;
}

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The database's rows by their header's column names; rows without a set name or a name are dropped (as the reference). */
export function parseArcadeDb(text: string): ArcadeEntry[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  if (!header) return [];
  const col = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const at = { setname: col("setname"), name: col("name"), platform: col("platform"), year: col("year"), manufacturer: col("manufacturer") };
  const get = (r: string[], i: number) => (i < 0 ? "" : (r[i] ?? "").trim());
  const out: ArcadeEntry[] = [];
  for (const r of rows) {
    const e = { setname: get(r, at.setname), name: get(r, at.name), platform: get(r, at.platform), year: get(r, at.year), manufacturer: get(r, at.manufacturer) };
    if (e.setname !== "" && e.name !== "") out.push(e);
  }
  return out;
}

/**
 * Arcade names from the local copy of MiSTer's ArcadeDatabase.csv on the SD card (no download here): read
 * on first use and again whenever the file changes (an updater replaced it), by set name, case-insensitively.
 * A missing or unreadable file gives no names (the `.mra` file name is used instead).
 */
export class ArcadeDb {
  private byName = new Map<string, ArcadeEntry>();
  private stamp = "";

  constructor(private readonly path: string) {}

  static onCard(sdRoot: string): ArcadeDb {
    return new ArcadeDb(join(sdRoot, ARCADE_DB_PATH));
  }

  /** The entry for a set name (what an arcade core reports as CORENAME, an MRA's `<setname>`). */
  lookup(setname: string): ArcadeEntry | undefined {
    if (setname.trim() === "") return undefined;
    this.refresh();
    return this.byName.get(setname.trim().toLowerCase());
  }

  /** The file's mtime and size ("" when missing): changes when the file is replaced. */
  version(): string {
    try {
      const st = statSync(this.path);
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return "";
    }
  }

  private refresh(): void {
    let stamp: string;
    try {
      const st = statSync(this.path);
      if (st.size > MAX_BYTES) return;
      stamp = `${st.mtimeMs}:${st.size}`;
    } catch {
      stamp = "";
    }
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.byName = new Map();
    if (stamp === "") return;
    try {
      for (const e of parseArcadeDb(readFileSync(this.path, "utf8"))) this.byName.set(e.setname.toLowerCase(), e);
      logger.info(`arcade database: ${this.byName.size} sets from ${this.path}`);
    } catch (err) {
      logger.warn(`cannot read the arcade database ${this.path}: ${(err as Error).message}`);
    }
  }
}

import { closeSync, openSync, readSync, statSync } from "node:fs";
import { extname } from "node:path";
import { unescapeXml } from "../../core/media/gamelist-xml.ts";
import type { ArcadeDb } from "./arcade-db.ts";

/** Bytes read from the head of an MRA: `<name>` and `<setname>` come first in every MRA MiSTer's tools write. */
const HEAD_BYTES = 8192;

/** What the head of an MRA file names: its `<name>` and `<setname>` ("" when absent or unreadable). */
export interface MraHead {
  name: string;
  setname: string;
}

/** Reads the `<name>` and `<setname>` elements from the first HEAD_BYTES of an MRA file (never the whole file). */
export function readMraHead(path: string): MraHead {
  let text = "";
  try {
    const fd = openSync(path, "r");
    try {
      const buf = Buffer.alloc(HEAD_BYTES);
      const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
      text = buf.toString("utf8", 0, n);
    } finally {
      closeSync(fd);
    }
  } catch {
    return { name: "", setname: "" };
  }
  const el = (tag: string) => unescapeXml(new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`, "i").exec(text)?.[1] ?? "");
  return { name: el("name"), setname: el("setname") };
}

/**
 * Arcade titles for the media index: an MRA's game is named by the arcade database's name for its `<setname>`,
 * else by the MRA's own `<name>`, else (undefined) by its file name. MRA heads are cached by path, size and
 * mtime, so an index run after the first costs one stat per MRA; the database is looked up each time (it is
 * re-read when replaced).
 */
export class MraTitles {
  private readonly heads = new Map<string, { stamp: string; head: MraHead }>();

  constructor(private readonly db: ArcadeDb) {}

  /** The arcade database file's size and mtime (its titles change with it). */
  version(): string {
    return this.db.version();
  }

  /** The title of the file `<dir>/<file>` (undefined unless it is an `.mra` naming its game). */
  title(dir: string, file: string): string | undefined {
    if (extname(file).toLowerCase() !== ".mra") return undefined;
    const head = this.head(`${dir}/${file}`);
    if (!head) return undefined;
    const named = this.db.lookup(head.setname)?.name || head.name;
    return named === "" ? undefined : named;
  }

  private head(path: string): MraHead | undefined {
    let stamp: string;
    try {
      const st = statSync(path);
      stamp = `${st.mtimeMs}:${st.size}`;
    } catch {
      return undefined;
    }
    const hit = this.heads.get(path);
    if (hit && hit.stamp === stamp) return hit.head;
    const head = readMraHead(path);
    this.heads.set(path, { stamp, head });
    return head;
  }
}

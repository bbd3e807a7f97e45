import { readFileSync, statSync } from "node:fs";
import { resolveUnderRoot } from "../../core/media/gamelist-fields.ts";
import { parseGamelist } from "../../core/media/gamelist-xml.ts";
import { log } from "../../log.ts";

const logger = log.withTag("batocera");

/** A gamelist.xml larger than this is not read for names (the largest real ones are a few MB). */
const MAX_BYTES = 64 * 1024 * 1024;

/** Names by absolute path from one system folder's gamelist.xml, kept while the file's size and time are unchanged. */
const cache = new Map<string, { stamp: string; names: Map<string, string> }>();

/**
 * The name the front end shows for a game: the `<name>` of its `<game>` entry in `<systemDir>/gamelist.xml`
 * (paths relative to the system folder, `./x.sfc`), or undefined when there is no list or no entry.
 */
export function gamelistName(systemDir: string, path: string): string | undefined {
  const file = `${systemDir}/gamelist.xml`;
  let stamp: string;
  try {
    const st = statSync(file);
    if (st.size > MAX_BYTES) return undefined;
    stamp = `${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
  let hit = cache.get(file);
  if (hit?.stamp !== stamp) {
    const names = new Map<string, string>();
    try {
      for (const e of parseGamelist(readFileSync(file, "utf8"))) {
        const abs = e.kind === "game" && e.fields.name ? resolveUnderRoot(systemDir, e.fields.path ?? "") : null;
        if (abs && !names.has(abs)) names.set(abs, e.fields.name as string);
      }
    } catch (err) {
      logger.warn(`cannot read ${file}: ${(err as Error).message}`);
    }
    hit = { stamp, names };
    cache.set(file, hit);
  }
  return hit.names.get(path);
}

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { log } from "../../log.ts";
import { BINARY_VDF_MAX_BYTES, type BinaryVdfMap, parseBinaryVdf } from "./binary-vdf.ts";

const logger = log.withTag("steam");

/** A non-Steam game added to Steam: its 64-bit id (`(appid << 32) | 0x02000000`, what rungameid takes) and name. */
export interface SteamShortcut {
  id: string;
  name: string;
  exe: string;
}

/** A shortcut's executable as a comparable path: the quoted part, else up to the first space; cleaned. */
export function normalizeShortcutExecutable(value: string): string {
  let v = value.trim();
  if (v.startsWith('"')) {
    const end = v.indexOf('"', 1);
    if (end > 0) return normalize(v.slice(1, end));
  }
  const space = v.indexOf(" ");
  if (space > 0) v = v.slice(0, space);
  return normalize(v.replace(/^"+|"+$/g, ""));
}

/** The shortcuts of one shortcuts.vdf (numeric keys in order), or undefined when the file is not one. */
export function shortcutsOf(bytes: Uint8Array): SteamShortcut[] | undefined {
  const root = parseBinaryVdf(bytes)?.shortcuts;
  if (!root || typeof root !== "object") return undefined;
  const keys = Object.keys(root).filter((k) => /^\d+$/.test(k)).sort((a, b) => Number(a) - Number(b));
  const out: SteamShortcut[] = [];
  for (const k of keys) {
    const s = root[k] as BinaryVdfMap;
    if (typeof s !== "object" || typeof s.appid !== "number" || typeof s.appname !== "string" || typeof s.exe !== "string") return undefined;
    out.push({ id: ((BigInt(s.appid) << 32n) | 0x02000000n).toString(), name: s.appname, exe: s.exe });
  }
  return out;
}

/**
 * Every user's shortcuts (`userdata/<user>/config/shortcuts.vdf` of the Steam root), as the reference scans
 * them: blank names and the executables in `excluded` are skipped; an unreadable or corrupt file is logged and
 * skipped.
 */
export function steamShortcuts(root: string, excluded: readonly string[] = []): SteamShortcut[] {
  const skip = new Set(excluded.filter((e) => e !== "").map((e) => normalize(e)));
  const userdata = join(root, "userdata");
  let users: string[];
  try {
    users = readdirSync(userdata, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return [];
  }
  const out: SteamShortcut[] = [];
  for (const user of users) {
    const file = join(userdata, user, "config", "shortcuts.vdf");
    let bytes: Uint8Array;
    try {
      if (statSync(file).size > BINARY_VDF_MAX_BYTES) {
        logger.warn(`skipping ${file}: larger than ${BINARY_VDF_MAX_BYTES} bytes`);
        continue;
      }
      bytes = readFileSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") logger.warn(`cannot read ${file}: ${(err as Error).message}`);
      continue;
    }
    const list = shortcutsOf(bytes);
    if (!list) {
      logger.warn(`cannot parse ${file}: not a shortcuts file`);
      continue;
    }
    for (const s of list) if (s.name !== "" && !skip.has(normalizeShortcutExecutable(s.exe))) out.push(s);
  }
  return out;
}

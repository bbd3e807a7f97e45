import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The drives ReplayOS keeps games on, by the token `system_storage` in replay.cfg names them. */
export const REPLAY_MOUNTS: Readonly<Record<string, string>> = { sd: "/media/sd", usb: "/media/usb", nvme: "/media/nvme", nfs: "/media/nfs" };
export const REPLAY_CFG = "/media/sd/config/replay.cfg";
const AUTOSTART_DIR = "_autostart";
const AUTOSTART_FILE = "autostart.auto";
/** Where ReplayOS records a game started from its own menu (`<storage>/roms/_recent/*.rec`). */
export const RECENT_DIR = "_recent";

/** A `key = value` of replay.cfg (quotes removed); `#` lines are comments. */
export function replayCfgValue(text: string, key: string): string | undefined {
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 0 || line.slice(0, eq).trim() !== key) continue;
    return line.slice(eq + 1).trim().replace(/^"|"$/g, "");
  }
  return undefined;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export interface ReplayStorage {
  /** The drive ReplayOS plays from (absolute, under `root`); undefined when none holds a `roms` folder. */
  active?: string;
  /** Every drive holding a `roms` folder, in mount order. */
  all: string[];
  /** Why the active drive is a fallback, for the log. */
  note?: string;
}

/**
 * The drives with a `roms` folder, and the one replay.cfg's `system_storage` names (the first found when the
 * file, the key or that drive's `roms` is missing), as the reference resolves it. `root` is "/" on a device.
 */
export function detectReplayStorage(root = "/"): ReplayStorage {
  const all = Object.values(REPLAY_MOUNTS).map((m) => join(root, m)).filter((m) => isDir(join(m, "roms")));
  let token: string | undefined;
  try {
    token = replayCfgValue(readFileSync(join(root, REPLAY_CFG), "utf8"), "system_storage");
  } catch {}
  const mount = token === undefined ? undefined : REPLAY_MOUNTS[token];
  const named = mount === undefined ? undefined : join(root, mount);
  if (named && all.includes(named)) return { active: named, all };
  const note = token === undefined ? "replay.cfg names no system_storage" : named ? `system_storage ${token} has no roms folder` : `unknown system_storage ${token}`;
  return { active: all[0], all, note };
}

/** The drive whose `roms` folder holds `path`, if any. */
export function storageOf(path: string, storages: readonly string[]): string | undefined {
  return storages.find((s) => {
    const rel = relative(join(s, "roms"), path);
    return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep);
  });
}

export function autostartPath(storage: string): string {
  return join(storage, "roms", AUTOSTART_DIR, AUTOSTART_FILE);
}

/** Tells ReplayOS which game to start on its next start: `/roms/<path in roms>` in `roms/_autostart/autostart.auto`. */
export function writeAutostart(storage: string, rom: string): void {
  const file = autostartPath(storage);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `/roms/${relative(join(storage, "roms"), rom).split(sep).join("/")}\n`);
}

export function deleteAutostart(storage: string): void {
  rmSync(autostartPath(storage), { force: true });
}

/** The ROM a `.rec` file names (`/roms/<system>/<file>`, relative to its drive), as an absolute path. */
export function recRomPath(storage: string, text: string): string | undefined {
  const rel = text.split("\n")[0]?.trim() ?? "";
  if (rel === "" || rel.split("/").includes("..")) return undefined;
  return rel.startsWith("/roms/") ? join(storage, "roms", rel.slice("/roms/".length)) : join(storage, rel);
}

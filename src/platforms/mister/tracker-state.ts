import { extname } from "node:path";

/** What MiSTer Main writes to `/tmp/CORENAME` while its own menu runs. */
export const MENU_CORE = "MENU";

/**
 * What runs on the MiSTer, as far as the tracker can tell: a game file in a core, an arcade set (its `.mra`),
 * or a core started without a game by us (`launch.system`). A core loaded from the menu without a game is not
 * media (as in the reference).
 */
export type MisterPlaying =
  | { kind: "game"; path: string; core: string }
  | { kind: "arcade"; path: string; setname: string } // path "": a set seen only through CORENAME
  | { kind: "core"; systemId: string };

/** A load MiSTer Main has been asked for (by us or from its menu) and that the next CORENAME completes. */
export type MisterPending = { kind: "game"; path: string } | { kind: "arcade"; path: string } | { kind: "core"; systemId: string } | { kind: "none" };

export interface MisterTrackerState {
  /** The last core name read from CORENAME ("" before any). */
  core: string;
  playing: MisterPlaying | null;
  pending: MisterPending | null;
}

/**
 * What the tracker learns:
 * - `core`: CORENAME was written (a core finished loading; `MENU` is the menu); `arcade` when the name is an
 *   arcade set in the arcade database (an arcade core reports its set: that is a game, even with no MRA seen);
 * - `selected`: a file was picked in MiSTer's file browser (FILESELECT `selected` + FULLPATH) or written to
 *   ACTIVEGAME; `loadsCore` when the file loads a core itself (an MGL resolved to the game it names);
 * - `launched`: we asked MiSTer Main to load something (`load_core`);
 * - `stopped`: we asked for the menu.
 */
export type MisterTrackerInput =
  | { type: "core"; name: string; arcade?: boolean }
  | { type: "selected"; path: string; loadsCore?: boolean }
  | { type: "launched"; what: MisterPending }
  | { type: "stopped" };

export const initialMisterState = (): MisterTrackerState => ({ core: "", playing: null, pending: null });

/** Identity of what plays: equal keys are the same media (no new media.started). */
export function playingKey(p: MisterPlaying | null): string {
  if (!p) return "";
  if (p.kind === "arcade" && p.path === "") return `arcade-set:${p.setname.toLowerCase()}`;
  return p.kind === "core" ? `core:${p.systemId.toLowerCase()}` : `${p.kind}:${p.path}`;
}

/** The same identity for a load not yet completed (what our launch will show as). */
export function pendingKey(p: MisterPending): string {
  if (p.kind === "none") return "";
  return p.kind === "core" ? `core:${p.systemId.toLowerCase()}` : `${p.kind}:${p.path}`;
}

const LOADS_CORE = new Set([".mra", ".mgl", ".rbf"]);

function completed(p: MisterPending, core: string): MisterPlaying | null {
  switch (p.kind) {
    case "game":
      return { kind: "game", path: p.path, core };
    case "arcade":
      return { kind: "arcade", path: p.path, setname: core };
    case "core":
      return { kind: "core", systemId: p.systemId };
    default:
      return null;
  }
}

/** What a pick in the file browser (or ACTIVEGAME) means: a load that follows, or a game in the running core. */
function select(s: MisterTrackerState, path: string, loadsCore: boolean): MisterTrackerState {
  const ext = extname(path).toLowerCase();
  if (ext === ".ini" || ext === "") return s;
  if (ext === ".mra") return { ...s, pending: { kind: "arcade", path } };
  if (LOADS_CORE.has(ext)) return { ...s, pending: { kind: "none" } };
  if (loadsCore || s.core === "" || s.core === MENU_CORE) return { ...s, pending: { kind: "game", path } };
  return { ...s, playing: { kind: "game", path, core: s.core }, pending: null };
}

/**
 * One step of the MiSTer "now playing" state machine (pure). The menu ends what plays; a new core ends it too
 * unless a load was announced (our launch, an MRA or MGL picked in the menu), which that core completes; a file
 * picked in a running core's browser is a new game at once. Our own launch counts as playing immediately, so
 * the CORENAME that follows changes nothing and no second media.started is sent.
 */
export function misterStep(s: MisterTrackerState, input: MisterTrackerInput): MisterTrackerState {
  switch (input.type) {
    case "core": {
      const name = input.name.trim();
      if (name === "") return s;
      if (name === MENU_CORE) return { core: name, playing: null, pending: null };
      if (s.pending) return { core: name, playing: completed(s.pending, name), pending: null };
      if (name.toLowerCase() === s.core.toLowerCase()) return s;
      return { core: name, playing: input.arcade ? { kind: "arcade", path: "", setname: name } : null, pending: null };
    }
    case "selected":
      return select(s, input.path, input.loadsCore ?? false);
    case "launched": {
      const playing = completed(input.what, s.core === MENU_CORE ? "" : s.core);
      return { ...s, playing, pending: input.what };
    }
    case "stopped":
      return { ...s, playing: null, pending: null };
  }
}

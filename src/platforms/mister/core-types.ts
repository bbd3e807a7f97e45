/**
 * How a file is handed to a MiSTer core in an MGL: `type` f = file, s = mounted image (CD, disk); `index` = the
 * core's file slot; `delay` = seconds MiSTer Main waits before loading; `reset` = a reset pulse after loading
 * (seconds before it, seconds held).
 */
export interface MglSlot {
  label?: string;
  /** Lowercase extensions with the dot. */
  exts: readonly string[];
  type: "f" | "s";
  index: number;
  delay: number;
  reset?: { delay: number; hold: number };
}

/** One MiSTer core: the system whose media it plays, its RBF (path on the card without the date suffix), slots. */
export interface MisterCoreDef {
  /** The reference's core id (usually the system id). */
  id: string;
  /** Our system id when it differs from `id` (ao486 plays DOS). */
  system?: string;
  /** `<menu folder>/<core name>`, e.g. `_Console/SNES`; "" for arcade (MRA files name their own core). */
  rbf: string;
  /** Other RBF paths tried in order when `rbf` is not on the card. */
  fallbackRbf?: readonly string[];
  /** Loads the core under another name (its own config and games folder); `same_dir` keeps the core's folder. */
  setName?: string;
  setNameSameDir?: boolean;
  /** Games folders (under each games root); an absolute folder is a fixed place. */
  folders: readonly string[];
  slots: readonly MglSlot[];
}

/** An alternate build of a core, started through its own launcher id. */
export interface MisterAltCore {
  launcher: string;
  /** The main core (`MisterCoreDef.id`) whose slots and system it uses. */
  core: string;
  /** RBF paths in order of preference; `<date>` and `<hash>` parts match any date and build hash. */
  rbf: readonly string[];
  setName?: string;
  setNameSameDir?: boolean;
  /** Replaces the main core's folders / slots where the alternate differs. */
  folders?: readonly string[];
  slots?: readonly MglSlot[];
}

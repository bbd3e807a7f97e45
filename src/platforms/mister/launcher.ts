import { closeSync, existsSync, openSync, readdirSync, writeFileSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { altCore, coreForSystem, type CoreHit, coreSystem, MISTER_ALT_CORES, MISTER_CORES, MISTER_DIRECT_EXTENSIONS, type MisterAltCore, type MisterCoreDef, misterCoreFor, slotFor } from "./cores.ts";
import { buildMgl, hasControlChars } from "./mgl.ts";
import { MGL_HOOKS } from "./mgl-hooks.ts";
import { type RbfFile, resolveRbf, scanRbfs } from "./rbf.ts";
import { zipEntryPath } from "./zip-entry.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia, type SystemLauncher } from "../shared/launcher.ts";

/** Where MiSTer's files are; tests point these at a temp SD-card tree and a FIFO. */
export interface MisterPaths {
  /** SD card root, `/media/fat`. */
  sdRoot: string;
  /** MiSTer Main's command FIFO, `/dev/MiSTer_cmd`. */
  cmdPath: string;
  /** Where MiSTer Main writes the running core's name (default `/tmp/CORENAME`). */
  coreNamePath?: string;
  /** Where MiSTer Main keeps CURRENTPATH/FULLPATH/FILESELECT (`/tmp`); unset: not written. */
  tmpDir?: string;
  /** What `load_core` gets to return to the menu (default `menu.rbf`; MiSTeX: `/media/fat/menu.bit`). */
  menuCore?: string;
}

export const DEFAULT_MISTER_PATHS: MisterPaths = { sdRoot: "/media/fat", cmdPath: "/dev/MiSTer_cmd", tmpDir: "/tmp" };
/** MiSTeX (MiSTer on Xilinx boards): the same card and FIFO; its menu is a bitstream, loaded by full path. */
export const MISTEX_PATHS: MisterPaths = { ...DEFAULT_MISTER_PATHS, menuCore: "/media/fat/menu.bit" };

/** How one launch loads its core: the core, the RBF paths to look for, the set name. */
interface CoreChoice {
  core: MisterCoreDef;
  rbf: readonly string[];
  strict: boolean;
  setName?: string;
  setNameSameDir?: boolean;
}

const mainChoice = (core: MisterCoreDef): CoreChoice => ({ core, rbf: [core.rbf, ...(core.fallbackRbf ?? [])], strict: false, setName: core.setName, setNameSameDir: core.setNameSameDir });

/**
 * MiSTer: writes an MGL naming the core (found on the card, newest build) and the file to `<sd>/.LASTLAUNCH.mgl`
 * and asks MiSTer Main to load it with `load_core <mgl>` on its command FIFO. `.mra`/`.mgl`/`.rbf` files are
 * loaded directly. There is no process to track: the media counts as running until stopped or replaced.
 */
export class MisterLauncher implements Launcher, SystemLauncher {
  readonly id = "MiSTer";

  constructor(
    private readonly paths: MisterPaths = DEFAULT_MISTER_PATHS,
    /** The "now playing" tracker's hook: what it should follow for a load we asked for. */
    private readonly track?: (what: { path: string } | { systemId: string }) => RunningMedia,
  ) {}

  /** The extensions of the system's core, slot by slot, as its MGL slots list them. */
  extensionsFor(systemId: string): readonly string[] | undefined {
    const core = coreForSystem(systemId);
    return core ? core.slots.flatMap((s) => s.exts.map((e) => e.toLowerCase())) : undefined;
  }

  handles(t: LaunchTarget): boolean {
    if (t.scheme) return false;
    return MISTER_DIRECT_EXTENSIONS.has(t.extension) || misterCoreFor(t.system?.id, zipEntryPath(t.path)) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    if (hasControlChars(t.path)) throw new LaunchError("path contains control characters");
    if (MISTER_DIRECT_EXTENSIONS.has(t.extension)) {
      this.command(`load_core ${t.path}`);
      if (t.extension === ".mra") this.writeCurrentPath(t.path);
      return this.track?.({ path: t.path }) ?? this.running();
    }
    const path = zipEntryPath(t.path);
    const hit = misterCoreFor(t.system?.id, path);
    if (!hit) throw new LaunchError(`no MiSTer core for ${t.extension} files`);
    return this.launchFile(path, hit, mainChoice(hit.core));
  }

  /** Starts a system's core without a file (`launch.system`): by MGL when it loads under a set name. */
  async launchSystem(systemId: string): Promise<RunningMedia> {
    const core = coreForSystem(systemId);
    if (!core || core.rbf === "") throw new LaunchError(`no MiSTer core for system ${systemId}`);
    const rbf = this.findRbf(mainChoice(core));
    if (core.setName) this.loadMgl(buildMgl({ rbf: rbf.mglName, setName: core.setName, setNameSameDir: core.setNameSameDir }));
    else this.command(`load_core ${rbf.path}`);
    return this.track?.({ systemId: coreSystem(core) }) ?? this.running();
  }

  /** One launcher per alternate core (`?launcher=DB9SNES`), after this one in priority order. */
  altLaunchers(): Launcher[] {
    return MISTER_ALT_CORES.map((alt) => this.altLauncher(alt));
  }

  returnToMenu(): void {
    this.command(`load_core ${this.paths.menuCore ?? "menu.rbf"}`);
  }

  private altLauncher(alt: MisterAltCore): Launcher {
    const core = MISTER_CORES.find((c) => c.id === alt.core) as MisterCoreDef;
    const slots = alt.slots ?? core.slots;
    const folders = alt.folders ?? core.folders;
    const choice: CoreChoice = alt.setName
      ? { core, rbf: alt.rbf, strict: true, setName: alt.setName, setNameSameDir: alt.setNameSameDir }
      : { core, rbf: alt.rbf, strict: true, setName: core.setName, setNameSameDir: core.setNameSameDir };
    const hitFor = (t: LaunchTarget, path: string): CoreHit | undefined => {
      if (t.scheme) return undefined;
      const slot = slotFor(slots, path);
      const parents = path.split("/").slice(0, -1);
      const ours = t.system ? t.system.id === coreSystem(core) : parents.some((p) => folders.some((f) => f.toLowerCase() === p.toLowerCase()));
      return slot && ours ? { core, slot } : undefined;
    };
    return {
      id: altCore(alt.launcher)?.launcher ?? alt.launcher,
      systemId: coreSystem(core),
      handles: (t) => hitFor(t, zipEntryPath(t.path)) !== undefined,
      launch: async (t) => {
        if (hasControlChars(t.path)) throw new LaunchError("path contains control characters");
        const path = zipEntryPath(t.path);
        const hit = hitFor(t, path);
        if (!hit) throw new LaunchError(`${alt.launcher} does not take ${t.extension} files`);
        return this.launchFile(path, hit, choice);
      },
    };
  }

  private launchFile(path: string, hit: CoreHit, choice: CoreChoice): RunningMedia {
    const rbf = this.findRbf(choice);
    const body = MGL_HOOKS[hit.core.id]?.(path, hit.slot, () => folderNames(dirname(path)));
    this.loadMgl(buildMgl({ rbf: rbf.mglName, setName: choice.setName, setNameSameDir: choice.setNameSameDir, file: { path, slot: hit.slot }, body }));
    return this.track?.({ path }) ?? this.running();
  }

  /** The core's file on the card: each RBF path in turn (newest build wins). */
  private findRbf(choice: CoreChoice): RbfFile {
    const files = scanRbfs(this.paths.sdRoot);
    for (const p of choice.rbf) {
      const hit = resolveRbf(files, p, choice.strict);
      if (hit) return hit;
    }
    throw new LaunchError(`core ${choice.rbf.join(" or ")} for ${coreSystem(choice.core)} not found on the SD card`);
  }

  private loadMgl(mgl: string): void {
    const mglPath = join(this.paths.sdRoot, ".LASTLAUNCH.mgl");
    writeFileSync(mglPath, mgl);
    this.command(`load_core ${mglPath}`);
  }

  /** MiSTer Main writes these for games picked in its menu but not for MRAs loaded by command; other tools read them. */
  private writeCurrentPath(path: string): void {
    const dir = this.paths.tmpDir;
    if (!dir) return;
    writeFileSync(join(dir, "CURRENTPATH"), basename(path));
    writeFileSync(join(dir, "FULLPATH"), path);
    writeFileSync(join(dir, "FILESELECT"), "selected");
  }

  /** Writes one command line to MiSTer Main. The FIFO is opened read-write so the open never blocks. */
  private command(line: string): void {
    if (!existsSync(this.paths.cmdPath)) throw new LaunchError(`MiSTer command interface ${this.paths.cmdPath} not found (is MiSTer Main running?)`);
    const fd = openSync(this.paths.cmdPath, "r+");
    try {
      writeSync(fd, `${line}\n`);
    } finally {
      closeSync(fd);
    }
  }

  private running(): RunningMedia {
    return {
      replacedByNextLaunch: true,
      stop: async () => this.returnToMenu(),
    };
  }
}

/** The names in a folder in byte order (as Go lists a folder); a folder that cannot be read fails the launch. */
function folderNames(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    throw new LaunchError(`cannot read ${dir}: ${(err as Error).message}`);
  }
  return names.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

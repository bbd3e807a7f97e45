import { closeSync, existsSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { MISTER_DIRECT_EXTENSIONS, misterCoreFor, MISTER_CORES } from "./cores.ts";
import { buildCoreOnlyMgl, buildMgl, hasControlChars } from "./mgl.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia, type SystemLauncher } from "../shared/launcher.ts";

/** Where MiSTer's files are; tests point these at a temp SD-card tree and a FIFO. */
export interface MisterPaths {
  /** SD card root, `/media/fat`. */
  sdRoot: string;
  /** MiSTer Main's command FIFO, `/dev/MiSTer_cmd`. */
  cmdPath: string;
  /** Where MiSTer Main writes the running core's name (default `/tmp/CORENAME`). */
  coreNamePath?: string;
}

export const DEFAULT_MISTER_PATHS: MisterPaths = { sdRoot: "/media/fat", cmdPath: "/dev/MiSTer_cmd" };

/**
 * MiSTer: writes an MGL naming the core and the file to `<sd>/.LASTLAUNCH.mgl` and asks MiSTer Main to load it
 * with `load_core <mgl>` on its command FIFO. `.mra`/`.mgl`/`.rbf` files are loaded directly. There is no
 * process to track: the media counts as running until it is stopped (return to the menu) or replaced.
 */
export class MisterLauncher implements Launcher, SystemLauncher {
  readonly id = "MiSTer";

  constructor(
    private readonly paths: MisterPaths = DEFAULT_MISTER_PATHS,
    /** The "now playing" tracker's hook: what it should follow for a load we asked for. */
    private readonly track?: (what: { path: string } | { systemId: string }) => RunningMedia,
  ) {}

  handles(t: LaunchTarget): boolean {
    if (t.scheme) return false;
    return MISTER_DIRECT_EXTENSIONS.has(t.extension) || misterCoreFor(t.system?.id, t.extension) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    if (hasControlChars(t.path)) throw new LaunchError("path contains control characters");
    if (MISTER_DIRECT_EXTENSIONS.has(t.extension)) {
      this.command(`load_core ${t.path}`);
    } else {
      const hit = misterCoreFor(t.system?.id, t.extension);
      if (!hit) throw new LaunchError(`no MiSTer core for ${t.extension} files`);
      this.loadMgl(buildMgl(hit.core, hit.slot, t.path));
    }
    return this.track?.({ path: t.path }) ?? this.running();
  }

  /** Starts a system's core without a file (`launch.system`). */
  async launchSystem(systemId: string): Promise<RunningMedia> {
    const core = MISTER_CORES.find((c) => c.systemId.toLowerCase() === systemId.toLowerCase());
    if (!core) throw new LaunchError(`no MiSTer core for system ${systemId}`);
    this.loadMgl(buildCoreOnlyMgl(core));
    return this.track?.({ systemId: core.systemId }) ?? this.running();
  }

  returnToMenu(): void {
    this.command("load_core menu.rbf");
  }

  private loadMgl(mgl: string): void {
    const mglPath = join(this.paths.sdRoot, ".LASTLAUNCH.mgl");
    writeFileSync(mglPath, mgl);
    this.command(`load_core ${mglPath}`);
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

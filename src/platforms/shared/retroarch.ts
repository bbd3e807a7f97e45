import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { findOnPath } from "./find-on-path.ts";
import { type Spawn, spawnMedia } from "./process-media.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "./launcher.ts";
import { flatpakInstalled } from "../linux/flatpak.ts";
import { coresForSystem } from "./retroarch-cores.ts";
import type { TreeTracking } from "./process-media.ts";

export const RETROARCH_FLATPAK_ID = "org.libretro.RetroArch";

/** Cores we also try when the reference's core for a system is not installed (file names without `.so`). */
const FALLBACK_CORES: Readonly<Record<string, readonly string[]>> = {
  NES: ["nestopia_libretro"],
  Genesis: ["picodrive_libretro"],
  MasterSystem: ["picodrive_libretro"],
  MegaCD: ["picodrive_libretro"],
  Gameboy: ["sameboy_libretro", "mgba_libretro"],
  GameboyColor: ["sameboy_libretro", "mgba_libretro"],
  GBA: ["vba_next_libretro"],
  Nintendo64: ["parallel_n64_libretro"],
  PSX: ["pcsx_rearmed_libretro", "mednafen_psx_libretro", "swanstation_libretro"],
  TurboGrafx16: ["mednafen_pce_libretro"],
  Atari2600: ["stella2014_libretro"],
  Arcade: ["fbneo_libretro"],
};

/** Libretro cores tried for a system id, best first: the reference's core map, then our fallbacks. */
export function retroArchCores(systemId: string): string[] {
  return [...new Set([...coresForSystem(systemId), ...(FALLBACK_CORES[systemId] ?? [])])];
}

export interface RetroArchOptions {
  spawn: Spawn;
  /** Executable; default: `retroarch` found on PATH, else the RetroArch Flatpak when installed. */
  binary?: string;
  /** Folders holding libretro cores; default: defaultCoreDirs(home, root). */
  coreDirs?: string[];
  graceMs?: number;
  home?: string;
  /** Root of the file system (tests: a fake root). */
  root?: string;
  /** The `flatpak` command. */
  flatpak?: string;
  tree?: TreeTracking;
}

/**
 * Where libretro cores are installed, in the order looked at: RetroArch's own folder, the RetroArch Flatpak's
 * (also EmuDeck's), RetroDECK's, then the distribution's.
 */
export function defaultCoreDirs(home = homedir(), root = "/"): string[] {
  return [
    join(home, ".config/retroarch/cores"),
    join(home, ".var/app", RETROARCH_FLATPAK_ID, "config/retroarch/cores"),
    join(home, ".var/app/net.retrodeck.retrodeck/config/retroarch/cores"),
    join(home, "snap/retroarch/current/.config/retroarch/cores"),
    ...["usr/lib/x86_64-linux-gnu/libretro", "usr/lib/aarch64-linux-gnu/libretro", "usr/lib/arm-linux-gnueabihf/libretro", "usr/lib64/libretro", "usr/lib/libretro", "usr/local/lib/libretro"].map((d) =>
      join(root, d),
    ),
  ];
}


/** RetroArch: `retroarch -L <core> <path>` (or its Flatpak), with the first installed core of the target's system. */
export class RetroArchLauncher implements Launcher {
  readonly id = "RetroArch";

  constructor(private readonly opts: RetroArchOptions) {}

  /** The core file for a system, if one is installed. */
  coreFor(systemId: string): string | undefined {
    const dirs = this.opts.coreDirs ?? defaultCoreDirs(this.opts.home, this.opts.root);
    for (const core of retroArchCores(systemId)) {
      for (const dir of dirs) {
        const file = join(dir, `${core}.so`);
        if (existsSync(file)) return file;
      }
    }
    return undefined;
  }

  /** The command that starts RetroArch: the program, or `flatpak run org.libretro.RetroArch`. */
  private binary(): string[] | undefined {
    const exe = this.opts.binary ?? findOnPath("retroarch");
    if (exe) return [exe];
    const at = { home: this.opts.home ?? homedir(), root: this.opts.root };
    return flatpakInstalled(RETROARCH_FLATPAK_ID, at) ? [this.opts.flatpak ?? "flatpak", "run", RETROARCH_FLATPAK_ID] : undefined;
  }

  handles(t: LaunchTarget): boolean {
    return !t.scheme && t.system !== undefined && this.binary() !== undefined && this.coreFor(t.system.id) !== undefined;
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const binary = this.binary();
    const core = t.system ? this.coreFor(t.system.id) : undefined;
    if (!binary || !core) return Promise.reject(new LaunchError("RetroArch or a core for this system is not installed"));
    return spawnMedia(this.opts.spawn, [...binary, "-L", core, t.path], { graceMs: this.opts.graceMs, tree: this.opts.tree ?? {} });
  }
}

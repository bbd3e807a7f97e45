import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { findOnPath } from "./find-on-path.ts";
import { type Spawn, spawnMedia } from "./process-media.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "./launcher.ts";

/** Libretro cores tried per system id, best first (file names without `.so`). */
export const RETROARCH_CORES: Readonly<Record<string, readonly string[]>> = {
  NES: ["mesen_libretro", "nestopia_libretro", "fceumm_libretro"],
  SNES: ["snes9x_libretro", "bsnes_libretro"],
  Genesis: ["genesis_plus_gx_libretro", "picodrive_libretro"],
  MasterSystem: ["genesis_plus_gx_libretro", "picodrive_libretro"],
  GameGear: ["genesis_plus_gx_libretro"],
  MegaCD: ["genesis_plus_gx_libretro", "picodrive_libretro"],
  Gameboy: ["gambatte_libretro", "sameboy_libretro", "mgba_libretro"],
  GameboyColor: ["gambatte_libretro", "sameboy_libretro", "mgba_libretro"],
  GBA: ["mgba_libretro", "vba_next_libretro"],
  N64: ["mupen64plus_next_libretro", "parallel_n64_libretro"],
  PSX: ["pcsx_rearmed_libretro", "mednafen_psx_libretro", "swanstation_libretro"],
  TurboGrafx16: ["mednafen_pce_fast_libretro", "mednafen_pce_libretro"],
  Atari2600: ["stella_libretro", "stella2014_libretro"],
  Arcade: ["fbneo_libretro", "mame_libretro"],
};

export interface RetroArchOptions {
  spawn: Spawn;
  /** Executable; default: `retroarch` found on PATH. */
  binary?: string;
  /** Folders holding libretro cores. */
  coreDirs?: string[];
  graceMs?: number;
}

export function defaultCoreDirs(): string[] {
  return [
    join(homedir(), ".config/retroarch/cores"),
    "/usr/lib/x86_64-linux-gnu/libretro",
    "/usr/lib/aarch64-linux-gnu/libretro",
    "/usr/lib/arm-linux-gnueabihf/libretro",
    "/usr/lib/libretro",
    "/usr/local/lib/libretro",
  ];
}


/** RetroArch: `retroarch -L <core> <path>`, with the first installed core for the target's system. */
export class RetroArchLauncher implements Launcher {
  readonly id = "RetroArch";

  constructor(private readonly opts: RetroArchOptions) {}

  /** The core file for a system, if one is installed. */
  coreFor(systemId: string): string | undefined {
    const dirs = this.opts.coreDirs ?? defaultCoreDirs();
    for (const core of RETROARCH_CORES[systemId] ?? []) {
      for (const dir of dirs) {
        const file = join(dir, `${core}.so`);
        if (existsSync(file)) return file;
      }
    }
    return undefined;
  }

  private binary(): string | undefined {
    return this.opts.binary ?? findOnPath("retroarch");
  }

  handles(t: LaunchTarget): boolean {
    return !t.scheme && t.system !== undefined && this.binary() !== undefined && this.coreFor(t.system.id) !== undefined;
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const binary = this.binary();
    const core = t.system ? this.coreFor(t.system.id) : undefined;
    if (!binary || !core) return Promise.reject(new LaunchError("RetroArch or a core for this system is not installed"));
    return spawnMedia(this.opts.spawn, [binary, "-L", core, t.path], { graceMs: this.opts.graceMs });
  }
}

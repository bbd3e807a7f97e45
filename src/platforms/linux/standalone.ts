import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { findOnPath } from "../shared/find-on-path.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { type Spawn, spawnMedia, type TreeTracking } from "../shared/process-media.ts";
import { flatpakInstalled, flatpakRunArgv } from "./flatpak.ts";

/** A standalone emulator the reference knows (SteamOS / desktop Linux): its Flatpak or program, and its command line. */
export interface StandaloneEmulator {
  id: string;
  system: string;
  /** ES folder of its games (EmuDeck, RetroDECK layouts). */
  folder: string;
  flatpak?: string;
  /** Program looked up on PATH and in ~/.local/bin when the emulator is not a Flatpak. */
  executable?: string;
  /** Tried after RetroArch: the reference does not index its folder with it (its `scan: false`). */
  secondary?: true;
  /** Arguments after the app id / program, for the media file. */
  args: (path: string) => string[];
}

const plain =
  (...before: string[]) =>
  (path: string) => [...before, path];

/** Reads a one-line target file (`.ps4`, `.psvita`, `.scummvm`, `.ps3`): a title id or game folder. */
function targetFile(path: string, ext: string): string {
  if (!path.toLowerCase().endsWith(ext)) throw new LaunchError(`this emulator needs a ${ext} file`);
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch (err) {
    throw new LaunchError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (!text || /[\r\n]/.test(text)) throw new LaunchError(`${path} does not hold a single target line`);
  return text;
}

// facts from the reference's standalone emulator table (ids, Flatpak app ids, folders, arguments)
export const STANDALONE_EMULATORS: readonly StandaloneEmulator[] = [
  { id: "XeniaCanary", system: "Xbox360", folder: "xbox360", executable: "XeniaCanary", args: plain() },
  { id: "Ryubing", system: "Switch", folder: "switch", flatpak: "io.github.ryubing.Ryujinx", args: plain("--fullscreen") },
  { id: "ShadPS4", system: "PS4", folder: "ps4", flatpak: "net.shadps4.shadPS4", args: (p) => ["-g", targetFile(p, ".ps4"), "--fullscreen", "true"] },
  { id: "PCSX2", system: "PS2", folder: "ps2", flatpak: "net.pcsx2.PCSX2", args: plain("-fullscreen", "-batch") },
  { id: "Cemu", system: "WiiU", folder: "wiiu", flatpak: "info.cemu.Cemu", args: (p) => ["-g", p, "-f"] },
  { id: "Azahar", system: "3DS", folder: "3ds", flatpak: "org.azahar_emu.Azahar", args: plain("-f") },
  { id: "Vita3K", system: "Vita", folder: "psvita", executable: "Vita3K", args: (p) => ["-Fr", targetFile(p, ".psvita")] },
  { id: "RPCS3", system: "PS3", folder: "ps3", flatpak: "net.rpcs3.RPCS3", args: (p) => ["--no-gui", p.toLowerCase().endsWith(".ps3") ? targetFile(p, ".ps3") : p] },
  { id: "DuckStation", secondary: true, system: "PSX", folder: "psx", flatpak: "org.duckstation.DuckStation", args: plain("-batch", "-fullscreen") },
  { id: "PPSSPP", secondary: true, system: "PSP", folder: "psp", flatpak: "org.ppsspp.PPSSPP", args: plain("--fullscreen") },
  { id: "DolphinGameCube", system: "GameCube", folder: "gamecube", flatpak: "org.DolphinEmu.dolphin-emu", args: plain("-b", "-e") },
  { id: "DolphinWii", system: "Wii", folder: "wii", flatpak: "org.DolphinEmu.dolphin-emu", args: plain("-b", "-e") },
  { id: "MelonDS", secondary: true, system: "NDS", folder: "nds", flatpak: "net.kuribo64.melonDS", args: plain("--fullscreen") },
  { id: "ScummVMStandalone", secondary: true, system: "ScummVM", folder: "scummvm", flatpak: "org.scummvm.ScummVM", args: (p) => ["--fullscreen", `--path=${dirname(p)}`, targetFile(p, ".scummvm")] },
  { id: "Supermodel", system: "Model3", folder: "model3", flatpak: "com.supermodel3.Supermodel", args: plain("-fullscreen") },
  { id: "Xemu", system: "Xbox", folder: "xbox", flatpak: "app.xemu.xemu", args: plain("-full-screen", "-dvd_path") },
  { id: "PrimeHackGameCube", secondary: true, system: "GameCube", folder: "gamecube", flatpak: "io.github.shiiion.primehack", args: plain("-b", "-e") },
  { id: "PrimeHackWii", secondary: true, system: "Wii", folder: "wii", flatpak: "io.github.shiiion.primehack", args: plain("-b", "-e") },
];

export interface StandaloneOptions {
  home: string;
  root?: string;
  spawn: Spawn;
  flatpak?: string;
  graceMs?: number;
  tree?: TreeTracking;
}

/** The program of a non-Flatpak emulator: on PATH, else in ~/.local/bin. */
function findExecutable(name: string, home: string): string | undefined {
  const onPath = findOnPath(name);
  if (onPath) return onPath;
  const local = join(home, ".local", "bin", name);
  try {
    return existsSync(local) && (statSync(local).mode & 0o111) !== 0 ? local : undefined;
  } catch {
    return undefined;
  }
}

/** The command line that starts `path` with `emu`; throws LaunchError when it cannot be built. */
export function standaloneArgv(emu: StandaloneEmulator, path: string, opts: Pick<StandaloneOptions, "home" | "flatpak">): string[] {
  const args = emu.args(path);
  if (emu.flatpak) return flatpakRunArgv(opts.flatpak ?? "flatpak", emu.flatpak, path, args);
  const exe = emu.executable ? findExecutable(emu.executable, opts.home) : undefined;
  if (!exe) throw new LaunchError(`${emu.id} is not installed`);
  return [exe, ...args];
}

/** One standalone emulator as a launcher: media of its system, when the emulator is installed. */
export class StandaloneLauncher implements Launcher {
  readonly id: string;
  readonly systemId: string;
  /** The reference's launcher group, for `launchers.preference`. */
  readonly groups = ["Native"];

  constructor(
    readonly emulator: StandaloneEmulator,
    private readonly opts: StandaloneOptions,
  ) {
    this.id = emulator.id;
    this.systemId = emulator.system;
  }

  installed(): boolean {
    const e = this.emulator;
    if (e.flatpak) return flatpakInstalled(e.flatpak, this.opts);
    return e.executable !== undefined && findExecutable(e.executable, this.opts.home) !== undefined;
  }

  handles(t: LaunchTarget): boolean {
    return t.scheme === "" && t.extension !== "" && t.extension !== ".txt" && t.system?.id === this.emulator.system && this.installed();
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    if (!this.installed()) throw new LaunchError(`${this.id} is not installed`);
    const argv = standaloneArgv(this.emulator, t.path, this.opts);
    return spawnMedia(this.opts.spawn, argv, { graceMs: this.opts.graceMs, tree: this.opts.tree ?? {} });
  }
}

export const standaloneLaunchers = (opts: StandaloneOptions): StandaloneLauncher[] => STANDALONE_EMULATORS.map((e) => new StandaloneLauncher(e, opts));

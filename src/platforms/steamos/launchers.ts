import { join, relative, sep } from "node:path";
import { type Spawn, spawnMedia } from "../shared/process-media.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { emuDeckEmulator, RETROARCH_FLATPAK } from "./emudeck-emulators.ts";
import { coreForFolder } from "../shared/retroarch-cores.ts";
import { flatpakRunArgv } from "../linux/flatpak.ts";
import { STANDALONE_EMULATORS } from "../linux/standalone.ts";

export const RETRODECK_FLATPAK = "net.retrodeck.retrodeck";

export interface SteamOsLauncherOptions {
  home: string;
  spawn: Spawn;
  /** The `flatpak` command (tests: a recording script). */
  flatpak?: string;
  graceMs?: number;
}

/** The system folder a file sits in under `romsDir` (`<romsDir>/<folder>/…`), if it is a game file. */
function systemFolder(romsDir: string, t: LaunchTarget): string | undefined {
  if (t.scheme !== "" || t.extension === "" || t.extension === ".txt") return undefined;
  const rel = relative(romsDir, t.path);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep)) return undefined;
  const parts = rel.split(sep);
  return parts.length >= 2 ? parts[0] : undefined;
}

/** EmuDeck (`~/Emulation/roms/<system>/…`): the emulator EmuDeck installed for that system, as a Flatpak. */
export class EmuDeckLauncher implements Launcher {
  readonly id = "EmuDeck";
  readonly romsDir: string;

  constructor(private readonly opts: SteamOsLauncherOptions) {
    this.romsDir = join(opts.home, "Emulation", "roms");
  }

  handles(t: LaunchTarget): boolean {
    const folder = systemFolder(this.romsDir, t);
    return folder !== undefined && emuDeckEmulator(folder) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const folder = systemFolder(this.romsDir, t);
    const emu = folder ? emuDeckEmulator(folder) : undefined;
    if (!emu) throw new LaunchError(`EmuDeck has no emulator for ${t.path}`);
    const flatpak = this.opts.flatpak ?? "flatpak";
    let argv: string[];
    if ("core" in emu) {
      const core = (folder && coreForFolder(folder)) ?? emu.core;
      argv = [flatpak, "run", RETROARCH_FLATPAK, "-L", join(this.opts.home, ".var", "app", RETROARCH_FLATPAK, "config", "retroarch", "cores", `${core}.so`), t.path];
    } else {
      // the reference's command line for that emulator where it knows one (fullscreen, batch mode)
      const known = STANDALONE_EMULATORS.find((e) => e.flatpak === emu.flatpak && e.folder === folder);
      argv = known ? flatpakRunArgv(flatpak, emu.flatpak, t.path, known.args(t.path)) : [flatpak, "run", emu.flatpak, t.path];
    }
    return spawnMedia(this.opts.spawn, argv, { graceMs: this.opts.graceMs, tree: {} });
  }
}

/** RetroDECK (`~/retrodeck/roms/<system>/…`): `flatpak run net.retrodeck.retrodeck <rom>`; RetroDECK picks the emulator. */
export class RetroDeckLauncher implements Launcher {
  readonly id = "RetroDECK";
  readonly romsDir: string;

  constructor(private readonly opts: SteamOsLauncherOptions) {
    this.romsDir = join(opts.home, "retrodeck", "roms");
  }

  handles(t: LaunchTarget): boolean {
    return systemFolder(this.romsDir, t) !== undefined;
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    return spawnMedia(this.opts.spawn, [this.opts.flatpak ?? "flatpak", "run", RETRODECK_FLATPAK, t.path], { graceMs: this.opts.graceMs, tree: {} });
  }
}

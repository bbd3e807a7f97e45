import { arch, hostname, platform as osPlatform } from "node:os";
import { isAbsolute, relative, sep } from "node:path";
import type { CustomLauncher as CustomLauncherConfig } from "../../config/schema.ts";
import { fillPlaceholders, splitReferenceCommand } from "../../core/reference-command.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { SERVICE_VERSION } from "../../version.ts";
import { type Spawn, spawnMedia, type TreeTracking } from "./process-media.ts";
import type { LaunchTarget, Launcher, RunningMedia } from "./launcher.ts";

const GO_OS: Record<string, string> = { win32: "windows", darwin: "darwin", linux: "linux" };
const GO_ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64", arm: "arm", ia32: "386" };

/** The command of a launcher: ours as written, or the reference's `execute` line split as the reference does. */
function argvOf(cfg: CustomLauncherConfig): string[] | null {
  if (cfg.command) return cfg.command;
  if (cfg.execute === undefined) return null;
  const argv = splitReferenceCommand(cfg.execute);
  return argv && argv.length > 0 ? argv : null;
}

const dotted = (e: string) => (e.startsWith(".") ? e : `.${e}`).toLowerCase();

/**
 * A launcher from the config (`[[launchers.custom]]`): any Linux emulator or program. It handles a target when
 * the target's system is named in `systems` / `system` (by any name, e.g. "megadrive"), its extension in
 * `extensions` / `file_exts`, its file lies under one of `media_dirs`, or its URL scheme is in `schemes`. In the command,
 * `{path}`/`{system}` (ours) and `[[media_path]]`/`[[system_id]]`/… (the reference's) are replaced in each
 * argument after splitting, so a path with spaces stays one argument; no shell is involved. The media is the
 * launched process's whole tree (a script that starts the emulator and exits keeps it playing), and `stop`
 * signals all of it.
 */
export class CustomLauncher implements Launcher {
  readonly id: string;
  /** The reference's `system`: the one system this launcher is for. */
  readonly systemId?: string;
  /** False for entries this service cannot run (the reference's MiSTer-core backend): they are skipped. */
  readonly usable: boolean;
  /** The reference's fields of this entry that have no effect here, and why an unusable entry is skipped. */
  readonly notes: string[] = [];
  private readonly argv: string[];
  private readonly systems: Set<string>;
  private readonly extensions: Set<string>;
  private readonly schemes: Set<string>;
  private readonly dirs: string[];

  constructor(
    private readonly cfg: CustomLauncherConfig,
    private readonly spawn: Spawn,
    private readonly graceMs?: number,
    private readonly platformId = "",
    private readonly tree: TreeTracking = {},
  ) {
    this.id = cfg.id;
    if (cfg.system) this.systemId = systemCatalog().lookupSystem(cfg.system)?.id ?? cfg.system;
    const argv = argvOf(cfg);
    // `restricted` limits the launcher to launchers.allow_file, which this service does not have: refuse, not widen
    this.usable = argv !== null && (cfg.kind ?? "launcher") === "launcher" && cfg.restricted !== true;
    if (!this.usable) this.notes.push(cfg.restricted ? "restricted (launchers.allow_file) is not supported: launcher skipped" : "no command this service can run (no execute, or kind/backend): launcher skipped");
    if (cfg.lifecycle === "background") this.notes.push("lifecycle background is not supported: the process is tracked as running media");
    for (const k of ["groups", "load_path"] as const) if (cfg[k] !== undefined) this.notes.push(`${k} has no effect here`);
    if ((cfg.media_dirs ?? []).some((d) => !isAbsolute(d))) this.notes.push("relative media_dirs are not used (give absolute folders)");
    this.argv = argv ?? [];
    // any name of a system ("megadrive", "Super Nintendo"), as the reference reads a launcher's system
    const named = (s: string) => systemCatalog().lookupSystem(s)?.id ?? s;
    this.systems = new Set([...(cfg.systems ?? []), ...(cfg.system ? [cfg.system] : [])].map((s) => named(s).toLowerCase()));
    this.extensions = new Set([...(cfg.extensions ?? []), ...(cfg.file_exts ?? [])].map((e) => e.trim()).filter(Boolean).map(dotted));
    this.schemes = new Set((cfg.schemes ?? []).map((s) => s.replace(/:\/*$/, "").toLowerCase()));
    this.dirs = (cfg.media_dirs ?? []).filter((d) => isAbsolute(d));
  }

  extensionsFor(systemId: string): readonly string[] | undefined {
    return this.usable && this.extensions.size > 0 && this.systems.has(systemId.toLowerCase()) ? [...this.extensions] : undefined;
  }

  handles(t: LaunchTarget): boolean {
    if (!this.usable) return false;
    if (t.scheme) return this.schemes.has(t.scheme);
    if (t.system && this.systems.has(t.system.id.toLowerCase())) return true;
    if (this.dirs.some((d) => isUnder(t.path, d))) return this.extensions.size === 0 || this.extensions.has(t.extension);
    return t.extension !== "" && this.extensions.has(t.extension);
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const system = t.system?.id ?? "";
    const values = {
      media_path: t.path,
      system_id: system,
      launcher_id: this.id,
      platform: this.platformId,
      action: "",
      install_dir: "",
      server_url: "",
      version: SERVICE_VERSION,
      "device.hostname": hostname(),
      "device.os": GO_OS[osPlatform()] ?? osPlatform(),
      "device.arch": GO_ARCH[arch()] ?? arch(),
    };
    const argv = this.argv.map((a) => fillPlaceholders(a.replaceAll("{path}", t.path).replaceAll("{system}", system), values));
    return spawnMedia(this.spawn, argv, { graceMs: this.graceMs, tree: this.tree });
  }
}

function isUnder(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

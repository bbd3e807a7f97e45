import type { CustomLauncher as CustomLauncherConfig } from "../../config/schema.ts";
import { type Spawn, spawnMedia } from "./process-media.ts";
import type { LaunchTarget, Launcher, RunningMedia } from "./launcher.ts";

/**
 * A launcher from the config (`[[launchers.custom]]`): any Linux emulator or program. It handles a target when
 * the target's system id is in `systems` (case-insensitive), its extension in `extensions`, or its URL scheme in
 * `schemes`. `{path}` and `{system}` in the command's arguments are replaced; no shell is involved.
 */
export class CustomLauncher implements Launcher {
  readonly id: string;
  private readonly systems: Set<string>;
  private readonly extensions: Set<string>;
  private readonly schemes: Set<string>;

  constructor(
    private readonly cfg: CustomLauncherConfig,
    private readonly spawn: Spawn,
    private readonly graceMs?: number,
  ) {
    this.id = cfg.id;
    this.systems = new Set((cfg.systems ?? []).map((s) => s.toLowerCase()));
    this.extensions = new Set((cfg.extensions ?? []).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase()));
    this.schemes = new Set((cfg.schemes ?? []).map((s) => s.replace(/:\/*$/, "").toLowerCase()));
  }

  handles(t: LaunchTarget): boolean {
    if (t.scheme) return this.schemes.has(t.scheme);
    if (t.system && this.systems.has(t.system.id.toLowerCase())) return true;
    return t.extension !== "" && this.extensions.has(t.extension);
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const argv = this.cfg.command.map((a) => a.replaceAll("{path}", t.path).replaceAll("{system}", t.system?.id ?? ""));
    return spawnMedia(this.spawn, argv, { graceMs: this.graceMs });
  }
}

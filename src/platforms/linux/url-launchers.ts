import { findOnPath } from "../shared/find-on-path.ts";
import { flatpakInstalled } from "./flatpak.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { type Spawn, spawnMedia, type TreeTracking } from "../shared/process-media.ts";
import { openDetached } from "../steam/launcher.ts";

export interface UrlLauncherOptions {
  spawn: Spawn;
  /** Program for each command name (`lutris`, `heroic`, `xdg-open`); default: found on PATH. Tests: recording scripts. */
  programs?: Partial<Record<"lutris" | "heroic" | "xdg-open", string>>;
  graceMs?: number;
  tree?: TreeTracking;
  /** For clients installed as Flatpaks: the home and root they are looked for in, and the `flatpak` command. */
  home?: string;
  root?: string;
  flatpak?: string;
}

/** The Flatpak app ids of the game clients, as the reference knows them. */
export const CLIENT_FLATPAKS = { lutris: "net.lutris.Lutris", heroic: "com.heroicgameslauncher.hgl" } as const;

/** The id in a virtual path `<scheme>://<id>/<name>` (the reference's form), URL-decoded; undefined when malformed. */
export function virtualId(path: string, scheme: string): string | undefined {
  const m = new RegExp(`^${scheme}://([^/?#]+)`, "i").exec(path);
  if (!m?.[1]) return undefined;
  try {
    const id = decodeURIComponent(m[1]);
    return /^[^\0\r\n]+$/.test(id) && !id.startsWith("-") ? id : undefined;
  } catch {
    return undefined;
  }
}

function program(opts: UrlLauncherOptions, name: "lutris" | "heroic" | "xdg-open"): string | undefined {
  return opts.programs?.[name] ?? findOnPath(name);
}

/** A PC game installed through a game launcher, by its id in a `<scheme>://<id>/<name>` path. */
class GameClientLauncher implements Launcher {
  readonly systemId = "PC";

  constructor(
    readonly id: string,
    private readonly scheme: string,
    private readonly bin: "lutris" | "heroic",
    private readonly argv: (gameId: string) => string[],
    private readonly opts: UrlLauncherOptions,
  ) {}

  handles(t: LaunchTarget): boolean {
    return t.scheme === this.scheme && virtualId(t.path, this.scheme) !== undefined;
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const gameId = virtualId(t.path, this.scheme);
    if (!gameId) return Promise.reject(new LaunchError(`not a ${this.id} game path: ${t.path}`));
    const argv = this.command(gameId);
    if (!argv) return Promise.reject(new LaunchError(`${this.id} is not installed (no ${this.bin} on PATH, no ${CLIENT_FLATPAKS[this.bin]} Flatpak)`));
    return spawnMedia(this.opts.spawn, argv, { graceMs: this.opts.graceMs, tree: this.opts.tree ?? {} });
  }

  /** The client on PATH, else its Flatpak (`flatpak run <app id> …`, same arguments); undefined when neither is installed. */
  private command(gameId: string): string[] | undefined {
    const bin = program(this.opts, this.bin);
    if (bin) return [bin, ...this.argv(gameId)];
    const app = CLIENT_FLATPAKS[this.bin];
    if (this.opts.home === undefined || !flatpakInstalled(app, { home: this.opts.home, root: this.opts.root })) return undefined;
    return [this.opts.flatpak ?? "flatpak", "run", app, ...this.argv(gameId)];
  }
}

/** Lutris: `lutris://<slug>/<name>` runs `lutris lutris:rungame/<slug>`. */
export const lutrisLauncher = (opts: UrlLauncherOptions): Launcher => new GameClientLauncher("Lutris", "lutris", "lutris", (slug) => [`lutris:rungame/${slug}`], opts);

/** Heroic: `heroic://<app name>/<title>` runs `heroic launch <app name>` (native, or its Flatpak com.heroicgameslauncher.hgl). */
export const heroicLauncher = (opts: UrlLauncherOptions): Launcher => new GameClientLauncher("Heroic", "heroic", "heroic", (app) => ["launch", app], opts);

/** A web page (`http(s)://…`) opened in the desktop's browser with `xdg-open`; nothing to follow or stop afterwards. */
export class WebBrowserLauncher implements Launcher {
  readonly id = "WebBrowser";
  readonly systemId = "WebBrowser";

  constructor(private readonly opts: UrlLauncherOptions) {}

  handles(t: LaunchTarget): boolean {
    return (t.scheme === "http" || t.scheme === "https") && /^https?:\/\/[^\s]+$/i.test(t.path);
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const bin = program(this.opts, "xdg-open");
    if (!bin) throw new LaunchError("no web browser opener (xdg-open) installed");
    await openDetached(this.opts.spawn, [bin, t.path]);
    return { stop: async () => {} };
  }
}

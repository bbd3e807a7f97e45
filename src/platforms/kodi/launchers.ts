import type { ActivityWatcher } from "../shared/activity-watcher.ts";
import { LaunchError, type LaunchTarget, type Launcher, type LauncherControls, type RunningMedia } from "../shared/launcher.ts";
import type { KodiClient } from "./client.ts";
import { kodiControls } from "./controls.ts";
import {
  AUDIO_EXTENSIONS, AUDIO_FOLDERS, fileKey, itemKey, KODI_KINDS, type KodiKind, parseKodiPath, VIDEO_EXTENSIONS, VIDEO_FOLDERS,
} from "./paths.ts";

const RESUME = { resume: true };

async function kodiCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new LaunchError((err as Error).message);
  }
}

/** Plays a local file in Kodi: `Player.Open {item:{file}}`. Video files in videos/tvshows folders, audio in music. */
export class KodiFileLauncher implements Launcher {
  readonly controls: LauncherControls;

  constructor(
    readonly id: "KodiLocalVideo" | "KodiLocalAudio",
    private readonly kodi: KodiClient,
    private readonly watcher: ActivityWatcher,
  ) {
    this.controls = kodiControls(kodi);
  }

  get systemId(): string {
    return this.id === "KodiLocalVideo" ? "Video" : "MusicTrack";
  }

  handles(t: LaunchTarget): boolean {
    if (t.scheme !== "") return false;
    const video = this.id === "KodiLocalVideo";
    if (!(video ? VIDEO_EXTENSIONS : AUDIO_EXTENSIONS).has(t.extension)) return false;
    const sys = t.system?.id;
    if (sys && (video ? ["Video", "Movie", "TVEpisode"] : ["MusicTrack"]).includes(sys)) return true;
    const folders = t.path.split("/").slice(0, -1).map((f) => f.toLowerCase());
    return folders.some((f) => (video ? VIDEO_FOLDERS : AUDIO_FOLDERS).has(f));
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    await kodiCall(() => this.kodi.call("Player.Open", { item: { file: t.path }, options: RESUME }));
    return this.watcher.launched(fileKey(t.path));
  }
}

/** Plays a Kodi library item named by a `kodi-…://<id>/<name>` path. A TV show plays as a playlist of its episodes. */
export class KodiItemLauncher implements Launcher {
  readonly id: string;
  readonly systemId: string;
  readonly controls: LauncherControls;

  constructor(
    private readonly kind: KodiKind,
    private readonly kodi: KodiClient,
    private readonly watcher: ActivityWatcher,
  ) {
    this.controls = kodiControls(kodi);
    this.id = kind.launcherId;
    this.systemId = kind.systemId;
  }

  handles(t: LaunchTarget): boolean {
    return t.scheme === this.kind.scheme && parseKodiPath(t.path) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const parsed = parseKodiPath(t.path);
    if (!parsed) throw new LaunchError(`not a Kodi item path: ${t.path}`);
    if (this.kind.idField === "tvshowid") await this.playShow(parsed.id);
    else await kodiCall(() => this.kodi.call("Player.Open", { item: { [this.kind.idField]: parsed.id }, options: RESUME }));
    return this.watcher.launched(itemKey(this.kind.idField, parsed.id));
  }

  private async playShow(tvshowid: number): Promise<void> {
    const { episodes = [] } = await kodiCall(() => this.kodi.call<{ episodes?: Array<{ episodeid: number }> }>("VideoLibrary.GetEpisodes", { tvshowid }));
    if (episodes.length === 0) throw new LaunchError(`Kodi has no episodes of TV show ${tvshowid}`);
    await kodiCall(() => this.kodi.call("Playlist.Clear", { playlistid: 1 }));
    await kodiCall(() => this.kodi.call("Playlist.Add", { playlistid: 1, item: episodes.map((e) => ({ episodeid: e.episodeid })) }));
    await kodiCall(() => this.kodi.call("Player.Open", { item: { playlistid: 1 } }));
  }
}

/** The eight Kodi launchers, as the reference offers them. */
export function kodiLaunchers(kodi: KodiClient, watcher: ActivityWatcher): Launcher[] {
  return [
    new KodiFileLauncher("KodiLocalVideo", kodi, watcher),
    new KodiFileLauncher("KodiLocalAudio", kodi, watcher),
    ...KODI_KINDS.map((k) => new KodiItemLauncher(k, kodi, watcher)),
  ];
}

/**
 * Kodi library items as launchable paths (pure): `kodi-movie://<id>/<url-escaped name>` and the other schemes,
 * each with the `Player.Open` item key, the system and the launcher that plays it.
 */
export interface KodiKind {
  scheme: string;
  /** Key of the item in `Player.Open` (and the library id field). */
  idField: "movieid" | "episodeid" | "songid" | "albumid" | "artistid" | "tvshowid";
  systemId: string;
  launcherId: string;
}

export const KODI_KINDS: readonly KodiKind[] = [
  { scheme: "kodi-movie", idField: "movieid", systemId: "Movie", launcherId: "KodiMovie" },
  { scheme: "kodi-episode", idField: "episodeid", systemId: "TVEpisode", launcherId: "KodiTVEpisode" },
  { scheme: "kodi-song", idField: "songid", systemId: "MusicTrack", launcherId: "KodiSong" },
  { scheme: "kodi-album", idField: "albumid", systemId: "MusicAlbum", launcherId: "KodiAlbum" },
  { scheme: "kodi-artist", idField: "artistid", systemId: "MusicArtist", launcherId: "KodiArtist" },
  { scheme: "kodi-show", idField: "tvshowid", systemId: "TVShow", launcherId: "KodiTVShow" },
];

export function kodiKind(scheme: string): KodiKind | undefined {
  return KODI_KINDS.find((k) => k.scheme === scheme.toLowerCase());
}

/** `kodi-movie://12/The%20Film` → { kind, id: 12, name: "The Film" }; undefined when it is not one. */
export function parseKodiPath(path: string): { kind: KodiKind; id: number; name: string } | undefined {
  const m = /^([a-z-]+):\/\/(\d+)(?:\/(.*))?$/i.exec(path);
  if (!m) return undefined;
  const kind = kodiKind(m[1]!);
  const id = Number(m[2]);
  if (!kind || !Number.isSafeInteger(id)) return undefined;
  let name = m[3] ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {}
  return { kind, id, name };
}

export function kodiPath(kind: KodiKind, id: number, name: string): string {
  return `${kind.scheme}://${id}/${encodeURIComponent(name)}`;
}

/** Key identifying a library item across launch and "now playing" ("movie:12"). */
export const itemKey = (idField: string, id: number) => `${idField.replace(/id$/, "")}:${id}`;
export const fileKey = (file: string) => `file:${file}`;

export const VIDEO_EXTENSIONS = new Set([
  ".avi", ".mp4", ".mkv", ".m4v", ".mov", ".wmv", ".flv", ".webm", ".mpg", ".mpeg", ".ts", ".m2ts", ".vob", ".ogv", ".3gp", ".divx", ".iso", ".m3u",
]);
export const AUDIO_EXTENSIONS = new Set([".mp3", ".flac", ".ogg", ".oga", ".opus", ".m4a", ".aac", ".wav", ".wma", ".ape", ".aiff", ".m3u"]);
/** Folders (under a root) whose files Kodi plays: the reference's KodiLocalVideo / KodiLocalAudio folders. */
export const VIDEO_FOLDERS = new Set(["videos", "tvshows"]);
export const AUDIO_FOLDERS = new Set(["music"]);

import type { ActivityReport } from "../shared/activity.ts";
import { fileKey, itemKey, KODI_KINDS, kodiPath } from "./paths.ts";

/** The fields asked of `Player.GetItem`. */
export const ITEM_PROPERTIES = ["title", "file", "artist", "album", "showtitle", "season", "episode", "year", "albumid", "artistid", "tvshowid"];

export interface KodiItem {
  type?: string;
  id?: number;
  label?: string;
  title?: string;
  file?: string;
  showtitle?: string;
  season?: number;
  episode?: number;
  albumid?: number;
  artistid?: number[];
  tvshowid?: number;
}

const SYSTEM_NAMES: Record<string, string> = { Movie: "Movie", TVEpisode: "TV Episode", MusicTrack: "Music Track", Video: "Video" };

/**
 * What Kodi plays, as active media (pure): a movie, episode or song of the library maps to Movie, TVEpisode or
 * MusicTrack with its `kodi-…://` path; anything else is Video (MusicTrack for the audio player) with its file.
 */
export function kodiReport(item: KodiItem, playerType: string): ActivityReport | null {
  const type = item.type ?? "unknown";
  const hasId = typeof item.id === "number" && item.id > 0;
  const kind = hasId ? KODI_KINDS.find((k) => k.idField === `${type}id`) : undefined;
  const file = item.file ?? "";
  if (!kind && file === "" && !item.label && !item.title) return null;
  const systemId = kind && ["Movie", "TVEpisode", "MusicTrack"].includes(kind.systemId) ? kind.systemId : playerType === "audio" ? "MusicTrack" : "Video";
  const launcherId = kind ? kind.launcherId : playerType === "audio" ? "KodiLocalAudio" : "KodiLocalVideo";
  const name = item.title || item.label || file.split("/").pop() || "";
  const keys: string[] = [];
  if (kind && hasId) keys.push(itemKey(kind.idField, item.id!));
  if (file) keys.push(fileKey(file));
  if (typeof item.albumid === "number" && item.albumid > 0) keys.push(itemKey("albumid", item.albumid));
  if (typeof item.tvshowid === "number" && item.tvshowid > 0) keys.push(itemKey("tvshowid", item.tvshowid));
  for (const a of item.artistid ?? []) keys.push(itemKey("artistid", a));
  return {
    keys,
    media: {
      launcherId,
      systemId,
      systemName: SYSTEM_NAMES[systemId] ?? systemId,
      mediaPath: kind && hasId ? kodiPath(kind, item.id!, name) : file,
      mediaName: name,
    },
  };
}

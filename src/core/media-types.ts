/**
 * Shapes shared by the media index, the launch pipeline and the API. Field names follow the spec and the
 * reference's clients (../shared/notes/reference-implementation.md).
 */
import type { ActiveMedia, MediaItem, SearchResult } from "./wire/media.ts";
import type { ResolveOutcome, TagFilter } from "./titles/index.ts";

export type { ActiveMedia, MediaItem, SystemInfo } from "./wire/media.ts";

/** One entry of the systems database (data, in src/core/systems/). */
export interface SystemDefinition {
  /** The reference's case-sensitive system id, e.g. "SNES". */
  id: string;
  name: string;
  category: string;
  /** Folder names used by common layouts (MiSTer games/<folder>, roms/<name> on RetroPie/Batocera/Recalbox). */
  folders: string[];
  /** Lowercase file extensions including the dot, e.g. ".sfc". */
  extensions: string[];
  manufacturer?: string;
  releaseDate?: string;
}

/** What the media index offers the rest of the service (launch commands, API). */
export interface MediaLibrary {
  systemById(id: string): SystemDefinition | undefined;
  /** Finds the system a file belongs to from its path (folder names, then extension). */
  systemForPath(path: string): SystemDefinition | undefined;
  search(query: string, systems: readonly string[], maxResults: number): SearchResult;
  /** A random indexed item of one of the systems (all systems when empty). */
  random(systems: readonly string[]): MediaItem | undefined;
  /** Expands a compressed `<system>/<path>` back to an absolute file path, if it is one. */
  resolvePath(path: string): string | undefined;
  /** Root folders in use (config + platform defaults). */
  rootFolders(): string[];
  /**
   * The file the reference would pick for a title of a system (core/titles) and its item; `outcome` null when no
   * media of the system is indexed, `item` absent when it picks none.
   */
  resolveTitle?(systemId: string, gameName: string, options?: TitleOptions): TitleResolution;
}

/** What a title resolution may add to the config's preferences: tag filters (`?tags=`), launchers' file types. */
export interface TitleOptions {
  additionalTags?: readonly TagFilter[];
  launcherExtensions?: readonly (readonly string[])[];
}

export interface TitleResolution {
  outcome: ResolveOutcome | null;
  item?: MediaItem;
}

/** Read side of the launcher state, for modules that report it (media, web app). */
export interface ActiveMediaSource {
  current(): ActiveMedia | null;
}

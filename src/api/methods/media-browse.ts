import { DEFAULT_MAX_RESULTS, TagsResult } from "../../core/wire/media.ts";
import { BrowseIndexParams, BrowseIndexResult, BrowseParams, BrowseResult, TagsUpdateParams } from "../../core/wire/media-browse.ts";
import type { MediaService } from "../../service/media/media-service.ts";
import { defineMethod } from "../rpc/method.ts";
import { requestedSystemIds } from "./system-names.ts";

/** Browsing the library (`media.browse`, `media.browse.index`) and user tags (`media.tags.update`). */
export function mediaBrowseMethods(deps: { media: MediaService }) {
  const { media } = deps;
  return [
    defineMethod({
      name: "media.browse",
      summary:
        "Lists the media index by folder: without `path`, the root folders holding media (with `systems`, those systems' folders); with `path` (absolute; a .zip read as a folder is one), its sub-folders (`fileCount` counts the media below) then its media, sorted by `sort` (name-asc default, name-desc, filename-asc, filename-desc), folders first. `letter` (A-Z, \"0-9\" or \"#\", as the reference groups names) and `tags` (`type:value`, user tags too) filter; `totalFiles`/`totalDirs` count the whole listing; `pagination.nextCursor` pages on (it names the last entry seen, so a page after a re-index goes on right after it).",
      params: BrowseParams,
      result: BrowseResult,
      example: { path: "/media/fat/games/SNES", systems: ["SNES"], maxResults: 100, sort: "name-asc" },
      handler: (p) =>
        media.browse({
          path: p?.path,
          systems: requestedSystemIds(p?.systems ?? [], p?.fuzzySystem),
          max: p?.maxResults ?? DEFAULT_MAX_RESULTS,
          cursor: p?.cursor,
          letter: p?.letter,
          sort: p?.sort ?? "name-asc",
          tags: p?.tags ?? [],
        }),
    }),
    defineMethod({
      name: "media.browse.index",
      summary:
        "Letter groups (\"#\", \"0-9\", A-Z, as the reference groups names; scheme \"latin\", or \"none\" when there are no media) of the media of a `media.browse` listing of `path`: each with its count, its place among the listing's media (`offset`, after the folders) and a `cursor` for media.browse starting there (\"\" at the start).",
      params: BrowseIndexParams,
      result: BrowseIndexResult,
      example: { path: "/media/fat/games/SNES", sort: "name-asc" },
      handler: (p) => media.browseIndex(p?.path, requestedSystemIds(p?.systems ?? [], p?.fuzzySystem), p?.sort ?? "name-asc"),
    }),
    defineMethod({
      name: "media.tags.update",
      summary:
        "Adds and removes user tags (`user:<name>`, e.g. the phone app's favourites `user:favorite`) of one media, named by `mediaId` (from media.browse) or `system` and `path` (as search results or browse entries give it). Kept in the user database by system and path, so they survive re-indexing; listed by media.tags, carried in results' `tags`, usable in search and browse `tags` filters. Answers the media's tags.",
      params: TagsUpdateParams,
      result: TagsResult,
      example: { system: "SNES", path: "SNES/Super Mario World (USA).sfc", add: ["user:favorite"] },
      handler: async (p) => ({ tags: await media.updateTags({ mediaId: p.mediaId, system: p.system, path: p.path }, p.add ?? [], p.remove ?? []) }),
    }),
  ];
}

import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import {
  ActiveMedia, ActiveMediaParams, CleanOrphansResult, DEFAULT_MAX_RESULTS, GenerateCancelResult, IndexParams, MediaControlParams, MediaStatusResult, SearchParams, SearchResult, TagsParams, TagsResult,
} from "../../core/wire/media.ts";
import { MEDIA_CONTROL_ACTIONS, UpdateActiveMediaParams } from "../../core/wire/media-history.ts";
import type { LaunchService } from "../../service/launch/launch-service.ts";
import type { MediaService } from "../../service/media/media-service.ts";
import { parseSlot } from "../../core/playlist/playlist.ts";
import { BACKGROUND_ACTIONS } from "../../service/playlist/playlist-service.ts";
import { invalidParams } from "../rpc/errors.ts";
import { defineMethod } from "../rpc/method.ts";
import { requestedSystemIds, systemNamed } from "./system-names.ts";
import { letterParam } from "../../service/media/letter-bits.ts";

/** The `media.*` namespace: index status and builds, search, tags, and the active media. */
export function mediaMethods(deps: { media: MediaService; launch: LaunchService }) {
  const { media, launch } = deps;
  return [
    defineMethod({
      name: "media",
      summary: "Status of the media index (exists, indexing progress, total media, last indexed), the active media and the active playlists.",
      params: null,
      result: MediaStatusResult,
      handler: () => {
        const active = [launch.activeMedia(), launch.playlists.backgroundMedia()].filter((m) => m !== null);
        const playlists = launch.playlists.states();
        return { database: media.status(), active, ...(playlists.length > 0 ? { playlists } : {}) };
      },
    }),
    defineMethod({
      name: "media.active",
      summary: "The media running now in the primary slot, or with `slot: \"background\"` (or \"bg\") the music playing in the background slot; null when none.",
      params: ActiveMediaParams,
      result: ActiveMedia.or("null"),
      example: { slot: "background" },
      handler: (p) => (mediaSlot(p?.slot) === "background" ? launch.playlists.backgroundMedia() : launch.activeMedia()),
    }),
    defineMethod({
      name: "media.active.update",
      summary: "Sets the active media from outside (a script says what plays): media.started follows; without params (or null) the active media is cleared (media.stopped). The system must be known; it may be named in any form (\"snes\", \"MegaDrive\"), as in the reference; the launcher id is empty.",
      params: UpdateActiveMediaParams,
      result: type("null"),
      example: { systemId: "SNES", mediaPath: "/roms/SNES/Game.sfc", mediaName: "Game" },
      handler: (params) => {
        const p = params as { systemId?: string; mediaPath: string; mediaName: string } | null;
        if (p?.systemId === undefined) {
          launch.clearActive();
          return null;
        }
        const system = systemNamed(p.systemId);
        launch.reportActive({ launcherId: "", systemId: system.id, systemName: system.name, mediaPath: p.mediaPath, mediaName: p.mediaName, zapScript: "" });
        return null;
      },
    }),
    defineMethod({
      name: "media.control",
      summary: `The phone app's media control with the reference's actions (${MEDIA_CONTROL_ACTIONS.join(", ")}): "stop" stops the active media; another action runs when the active media's launcher offers it (a custom launcher's \`controls\`, listed in \`launcherControls\`), else answers 1005. With \`slot: "background"\` (or "bg") it acts on the music of the background slot: ${BACKGROUND_ACTIONS.join(", ")} (next/previous with a background playlist; 1003 when nothing plays there; "stop" always answers null).`,
      params: MediaControlParams,
      result: type("null"),
      example: { action: "stop" },
      handler: async (p) => {
        const active = launch.activeMedia();
        if (mediaSlot(p.slot) === "background") return launch.playlists.controlBackground(p.action).then(() => null);
        if (p.action !== "stop" && active?.launcherControls?.includes(p.action)) return launch.control(p.action).then(() => null);
        if (!(MEDIA_CONTROL_ACTIONS as readonly string[]).includes(p.action)) throw invalidParams(`invalid params: action must be one of ${MEDIA_CONTROL_ACTIONS.join(", ")} (was "${p.action}")`);
        if (p.action !== "stop") {
          const by = active?.launcherId ? `launcher ${active.launcherId}` : "this service's launchers";
          throw new DomainError("unsupported", `media.control action "${p.action}" is not supported by ${by} (only "stop")`);
        }
        await launch.stopActive(); // the primary slot only: music in the background slot keeps playing
        return null;
      },
    }),
    defineMethod({
      name: "media.index",
      summary: "Builds a new media index (all systems, or only `systems`, keeping the others); answers null when done. Progress comes as media.indexing notifications.",
      params: IndexParams,
      result: type("null"),
      example: { systems: ["SNES"] },
      handler: async (p) => {
        await media.beginIndex(p?.systems && requestedSystemIds(p.systems, p.fuzzySystem));
        return null;
      },
    }),
    defineMethod({
      name: "media.generate",
      summary: "As media.index, but answers null at once (the phone app's name); follow progress with media.indexing or media.",
      params: IndexParams,
      result: type("null"),
      handler: (p) => {
        media.beginIndex(p?.systems && requestedSystemIds(p.systems, p.fuzzySystem)).catch(() => undefined); // the outcome is in the index status
        return null;
      },
    }),
    defineMethod({
      name: "media.generate.cancel",
      summary: "Stops a running index build (the phone app's name); the previous index stays served. Answers with a message saying whether a build was running.",
      params: null,
      result: GenerateCancelResult,
      handler: async () => {
        if (!media.indexing) return { message: "No media indexing operation is currently running" };
        await media.cancelIndex();
        return { message: "Media indexing cancelled successfully" };
      },
    }),
    defineMethod({
      name: "media.generate.resume",
      summary: "Continues an index build that was cut off (power cut, service stopped) after the last system it finished (the phone app's name; a start does it by itself). Answers with a message saying whether a build was resumed.",
      params: null,
      result: GenerateCancelResult,
      handler: () => {
        if (media.indexing) return { message: "Media indexing is already running" };
        return { message: media.resumeIndex() ? "Media indexing resumed" : "Media indexing is not paused" };
      },
    }),
    defineMethod({
      name: "media.clean.orphans",
      summary: "Removes scraped metadata and artwork, and user tags (favourites), of media no longer in the index (index again first after deleting files); answers how many rows were removed. Refused while indexing or scraping.",
      params: null,
      result: CleanOrphansResult,
      handler: () => ({ deleted: media.cleanOrphans() }),
    }),
    defineMethod({
      name: "media.tags",
      summary: "Tags usable as search filters (the phone app's name): the `type:value` tags read from the indexed file names (region, lang, rev, disc, year, unfinished, dump …), as {tag: value, type, label?}, optionally for `systems` only.",
      params: TagsParams,
      result: TagsResult,
      example: { systems: ["SNES"] },
      handler: (p) => ({ tags: media.tags(requestedSystemIds(p?.systems ?? [], p?.fuzzySystem)) }),
    }),
    defineMethod({
      name: "media.search",
      summary: "Searches media names: every white-space separated word of `query` must occur in the name (case-insensitive); an empty or absent query lists everything. `systems` (case-sensitive ids; any name of a system, e.g. \"snes\" or \"Mega Drive\", with `fuzzySystem: true`) restricts the search; `tags` (`type:value`, e.g. \"region:us\") keeps media carrying all of them. Ranked: exact title, then title prefix, then every word starting a name word, then the rest; by title within each. Paged: `pagination.nextCursor` passed back as `cursor` gives the next page, which continues after the last media shown even when other systems were indexed again meanwhile. When nothing matches as typed, each word that matched nothing is replaced by the closest indexed word (a typo fallback) and `correctedQuery` says which query the results are for.",
      params: SearchParams,
      result: SearchResult,
      example: { query: "mario world", systems: ["SNES"], maxResults: 10, tags: ["region:us"] },
      handler: (p) => media.search(p.query ?? "", requestedSystemIds(p.systems ?? [], p.fuzzySystem), p.maxResults ?? DEFAULT_MAX_RESULTS, p.tags ?? [], p.cursor ?? "", searchLetter(p.letter)),
    }),
  ];
}

/** A request's `slot` (primary, background or bg, any case; absent: primary); anything else is invalid params. */
function mediaSlot(raw: string | undefined) {
  const slot = parseSlot(raw);
  if (slot instanceof Error) throw invalidParams(`invalid params: ${slot.message}`);
  return slot;
}

/** `media.search`'s `letter` as the reference takes it ("" or absent: no filter); anything else is invalid params. */
function searchLetter(raw: string | undefined): string {
  if (raw === undefined || raw === "") return "";
  const letter = letterParam(raw);
  if (letter === null) throw invalidParams(`invalid params: letter must be A-Z, "0-9" or "#" (was "${raw}")`);
  return letter;
}

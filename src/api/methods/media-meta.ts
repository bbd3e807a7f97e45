import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { generateSlugMetadataFromTokens, rowFragments } from "../../core/titles/index.ts";
import {
  LookupParams, LookupResult, MediaImageParams, MediaImageResult, MediaMetaResult, MediaMetaUpdateParams, MediaRef, ScrapeCancelResult, ScrapeParams,
  ScrapersResult, ScrapingStatus, TitleParseParams, TitleParseResult,
} from "../../core/wire/media-meta.ts";
import type { MediaService } from "../../service/media/media-service.ts";
import { MetaReader, tagInfo } from "../../service/scrape/meta-reader.ts";
import { defineMethod } from "../rpc/method.ts";
import { requestedSystemIds } from "./system-names.ts";
import { type } from "../../core/lazy-arktype.ts";

/** Scrapers, scraped metadata and artwork: `scrapers`, `media.scrape*`, `media.meta*`, `media.image`, `media.lookup`, `media.title.parse`. */
export function mediaMetaMethods(deps: { media: MediaService; launcherExtensions?: (systemId: string) => string[][] }) {
  const { media } = deps;
  const scrape = media.scrape;
  const reader = new MetaReader(scrape.meta, () => media.rootFolders());
  return [
    defineMethod({
      name: "scrapers",
      summary: "The metadata scrapers this service runs (`gamelist.xml`: EmulationStation gamelists in the system folders; `media-folder`: images in their `media/` folders); supportedSystems empty: every system.",
      params: null,
      result: ScrapersResult,
      handler: () => ({ scrapers: scrape.scrapers.map((s) => ({ id: s.id, name: s.name, supportedSystems: s.supportedSystems })) }),
    }),
    defineMethod({
      name: "media.scrape",
      summary: "Starts a scrape of the indexed media (all systems, or `systems`) in the background and answers null at once; progress comes as media.scraping notifications until one has done: true. Media done by this scraper before are skipped unless `force`. Refused (1002) while indexing or scraping.",
      params: ScrapeParams,
      result: type("null"),
      example: { scraperId: "gamelist.xml", systems: ["SNES"] },
      handler: (p) => {
        scrape.start(p.scraperId, p.systems ?? [], p.force ?? false);
        return null;
      },
    }),
    defineMethod({
      name: "media.scrape.status",
      summary: "The running (or last) scrape's state, with the number of media scraped so far; a scrape cut off by a restart is `paused` (scraping, not done) until media.scrape.resume or media.scrape.cancel.",
      params: null,
      result: ScrapingStatus,
      handler: () => scrape.currentStatus(),
    }),
    defineMethod({
      name: "media.scrape.cancel",
      summary: "Stops a running scrape (what it wrote stays); answers with a message saying whether one was running.",
      params: null,
      result: ScrapeCancelResult,
      handler: async () => ((await scrape.cancel()) ? { message: "scraping cancelled" } : { message: "no scraping operation is currently running" }),
    }),
    defineMethod({
      name: "media.scrape.resume",
      summary: "Goes on with a scrape cut off by a restart (reported paused by media.scrape.status), after the systems it had finished; answers with a message saying whether one was resumed. Refused (1002) while indexing.",
      params: null,
      result: ScrapeCancelResult,
      handler: () => ({ message: scrape.resume() ? "Media scraping resumed" : "Media scraping is not paused" }),
    }),
    defineMethod({
      name: "media.meta",
      summary: "Metadata of one indexed media (by `path` as search returns it, or absolute; or `mediaId`): its file-name tags and artwork kinds, and its title's description, developer, publisher, year, genre, players and rating.",
      params: MediaRef,
      result: MediaMetaResult,
      example: { path: "SNES/Super Mario World (USA).sfc" },
      handler: (p) => ({ media: reader.describe(reader.resolve(p)) }),
    }),
    defineMethod({
      name: "media.meta.update",
      summary: "Sets title metadata of a media's title (`media`: description, developer, publisher, year, genre, players, rating; an empty string removes one); answers the updated metadata.",
      params: MediaMetaUpdateParams,
      result: MediaMetaResult,
      example: { path: "SNES/Super Mario World (USA).sfc", media: { developer: "Nintendo", year: "1990" } },
      handler: (p) => {
        const row = reader.resolve(p);
        const fields = Object.fromEntries(Object.entries(p.media).filter((e): e is [string, string] => typeof e[1] === "string"));
        scrape.meta.setTitleProps(row.system, row.title, fields);
        return { media: reader.describe(row) };
      },
    }),
    defineMethod({
      name: "media.image",
      summary: "A media's artwork as base64 `data`: the first of `imageTypes` found (default: image, thumbnail, boxart, boxart3d, screenshot, wheel, titleshot, map, marquee, fanart …). With `maxSize`, a PNG or JPEG larger than maxSize×maxSize is scaled down to fit (aspect kept; JPEG, or PNG when it has transparency; `width`/`height` give the size); a GIF or WebP too large is answered as it is unless another kind fits. Images over 40 megapixels are refused (1005 unsupported), undecodable ones fail (1004). 1001 \"no image found for media\" when there is none.",
      params: MediaImageParams,
      result: MediaImageResult,
      example: { path: "SNES/Super Mario World (USA).sfc", imageTypes: ["boxart"], maxSize: 512 },
      handler: (p) => reader.image(reader.resolve(p), p.imageTypes ?? [], p.maxSize),
    }),
    defineMethod({
      name: "media.lookup",
      summary: "The indexed media of `system` a game name resolves to, as the reference resolves titles (its slugs, tag filters in the name, strategies, preferred regions/languages and the file types the system's launchers prefer), with the resolution's confidence (0..1), or match: null when it finds none.",
      params: LookupParams,
      result: LookupResult,
      example: { system: "SNES", name: "Super Mario World" },
      handler: (p) => {
        // as the reference: the file its title resolution picks for the name (core/titles), with its confidence;
        // the file types the system's launchers prefer weigh in, as in a launch
        const [def] = media.systemsById(requestedSystemIds([p.system], p.fuzzySystem));
        const { outcome, item } = media.resolveTitle(def!.id, p.name, { launcherExtensions: deps.launcherExtensions?.(def!.id) ?? [] });
        if (!outcome?.ok || !item) return { match: null };
        return { match: { ...item, confidence: outcome.confidence } };
      },
    }),
    defineMethod({
      name: "media.title.parse",
      summary: "The title, slug (with secondarySlug, slugLength, slugWordCount) and file-name tags of a media path as the index reads them for the system (the reference's title and slug rules; tags as media.tags names them), without looking at the index.",
      params: TitleParseParams,
      result: TitleParseResult,
      example: { systemId: "SNES", path: "/roms/SNES/Super Mario World (USA) (Rev 1).sfc" },
      handler: (p) => {
        // as the reference's indexer reads the path (its display title, slug and prefilter figures, for the
        // system's media type; an unknown system id reads as a game, as there), and the tags the index stores
        const mediaType = systemCatalog().mediaTypeOf(p.systemId);
        const f = rowFragments(p.path, mediaType);
        const meta = generateSlugMetadataFromTokens(mediaType, f.title, f.slug, f.tokens);
        const tags = indexTagsOfFile(f.fileName + f.ext, false, mediaType);
        return { slug: meta.slug, ...(meta.secondarySlug ? { secondarySlug: meta.secondarySlug } : {}), name: f.title, slugLength: meta.slugLength, slugWordCount: meta.slugWordCount, tags: tags.map(tagInfo) };
      },
    }),
  ];
}

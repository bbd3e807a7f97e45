import { type } from "arktype";
import { busy, failed, invalidParams } from "../../api/rpc/errors.ts";
import { defineMethod } from "../../api/rpc/method.ts";
import type { ActiveMediaSource, SystemDefinition } from "../../core/media-types.ts";
import type { SystemCatalog } from "../../core/systems/catalog.ts";
import { IndexBusyError, IndexInterruptedError, type MediaIndexer } from "./indexer.ts";
import type { MediaStore } from "./media-store.ts";
import { IndexingStatus } from "./status.ts";

export const DEFAULT_MAX_RESULTS = 250;
export const MAX_RESULTS_LIMIT = 10_000;

const IndexParams = type({ "+": "delete", "systems?": "string[]" }).or("null");
const SearchParams = type({
  "+": "delete",
  query: "string",
  "systems?": "string[]",
  "maxResults?": `1 <= number.integer <= ${MAX_RESULTS_LIMIT}`,
});
const SystemsParams = type({ "+": "delete", "all?": "boolean" });
const TagsParams = type({ "+": "delete", "systems?": "string[]" }).or("null");

const SystemInfo = type({ id: "string", name: "string", category: "string" });
const MediaItem = type({ system: SystemInfo, name: "string", path: "string", zapScript: "string", tags: "string[]" });
const SearchResult = type({ results: MediaItem.array(), total: "number.integer >= 0" });
const SystemEntry = type({
  id: "string",
  name: "string",
  category: "string",
  "manufacturer?": "string",
  "releaseDate?": "string",
  "mediaCount?": "number.integer >= 0",
});
const ActiveMedia = type({
  launcherId: "string",
  systemId: "string",
  systemName: "string",
  mediaPath: "string",
  mediaName: "string",
  started: "string",
  zapScript: "string",
});
const MediaStatusResult = type({ database: IndexingStatus, active: ActiveMedia.array() });

export interface MediaMethodDeps {
  catalog: SystemCatalog;
  store: MediaStore;
  indexer: MediaIndexer;
  status(): IndexingStatus;
  activeMedia(): ActiveMediaSource | undefined;
}

function targetsOf(catalog: SystemCatalog, ids: readonly string[] | undefined): SystemDefinition[] | undefined {
  if (ids === undefined) return undefined;
  const unknown = ids.filter((id) => !catalog.byIdExact(id));
  if (unknown.length) throw invalidParams(`invalid params: unknown system id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")} (ids are case-sensitive, e.g. "SNES")`);
  return [...new Set(ids)].map((id) => catalog.byIdExact(id) as SystemDefinition);
}

function startIndex(d: MediaMethodDeps, params: typeof IndexParams.infer): Promise<number> {
  const targets = targetsOf(d.catalog, params?.systems);
  try {
    return d.indexer.start(targets);
  } catch (err) {
    if (err instanceof IndexBusyError) throw busy(err.message);
    throw err;
  }
}

async function awaitIndex(run: Promise<number>): Promise<null> {
  try {
    await run;
  } catch (err) {
    if (err instanceof IndexInterruptedError) throw failed(err.message);
    throw failed(`media indexing failed: ${(err as Error).message}; the previous index is kept`);
  }
  return null;
}

export function mediaMethods(d: MediaMethodDeps) {
  return [
    defineMethod({
      name: "media.index",
      summary: "Builds a new media index (all systems, or only `systems`, keeping the others); answers null when done. Progress comes as media.indexing notifications.",
      params: IndexParams,
      result: type("null"),
      example: { systems: ["SNES"] },
      handler: (params) => awaitIndex(startIndex(d, params)),
    }),
    defineMethod({
      name: "media.generate",
      summary: "As media.index, but answers null at once (the phone app's name); follow progress with media.indexing or media.",
      params: IndexParams,
      result: type("null"),
      handler: (params) => {
        void awaitIndex(startIndex(d, params)).catch(() => undefined);
        return null;
      },
    }),
    defineMethod({
      name: "media.generate.cancel",
      summary: "Stops a running index build (the phone app's name); the previous index stays served. Answers with a message saying whether a build was running.",
      params: null,
      result: type({ message: "string" }),
      handler: async () => {
        if (!d.indexer.running) return { message: "No media indexing operation is currently running" };
        await d.indexer.interrupt();
        return { message: "Media indexing cancelled successfully" };
      },
    }),
    defineMethod({
      name: "media.tags",
      summary: "Tags usable as search filters (the phone app's name), optionally for `systems` only. The index holds no tags yet, so the list is empty.",
      params: TagsParams,
      result: type({ tags: type({ tag: "string", type: "string" }).array() }),
      example: { systems: ["SNES"] },
      handler: (p) => {
        targetsOf(d.catalog, p?.systems);
        return { tags: [] };
      },
    }),
    defineMethod({
      name: "media.search",
      summary: "Searches media names: every white-space separated word of `query` must occur in the name (case-insensitive); `systems` (case-sensitive ids) restricts the search.",
      params: SearchParams,
      result: SearchResult,
      example: { query: "mario world", systems: ["SNES"], maxResults: 10 },
      handler: (p) => {
        const systems = p.systems ?? [];
        if (p.query.trim() === "" && systems.length === 0) throw invalidParams("invalid params: a query or a system is required");
        return d.store.search(p.query, systems, p.maxResults ?? DEFAULT_MAX_RESULTS);
      },
    }),
    defineMethod({
      name: "systems",
      summary: "The systems present in the media index, with their media counts (`all: true` lists every known system).",
      params: SystemsParams,
      result: type({ systems: SystemEntry.array() }),
      handler: (p) => {
        const counts = new Map(d.store.indexedSystems().map((s) => [s.id, s.count]));
        const defs = p.all ? d.catalog.all : d.catalog.all.filter((s) => counts.has(s.id));
        const extra = d.store.indexedSystems().filter((s) => !d.catalog.byIdExact(s.id));
        return {
          systems: [
            ...defs.map((s) => ({
              id: s.id,
              name: s.name,
              category: s.category,
              ...(s.manufacturer ? { manufacturer: s.manufacturer } : {}),
              ...(s.releaseDate ? { releaseDate: s.releaseDate } : {}),
              mediaCount: counts.get(s.id) ?? 0,
            })),
            ...extra.map((s) => ({ id: s.id, name: s.id, category: "Other", mediaCount: s.count })),
          ],
        };
      },
    }),
    defineMethod({
      name: "media",
      summary: "Status of the media index (exists, indexing progress, total media, last indexed) and the active media.",
      params: null,
      result: MediaStatusResult,
      handler: () => {
        const active = d.activeMedia()?.current();
        return { database: d.status(), active: active ? [active] : [] };
      },
    }),
  ];
}

import { DomainError } from "../../core/errors.ts";
import { MediaHistoryLatestResult, MediaHistoryParams, MediaHistoryResult, MediaHistoryTopParams, MediaHistoryTopResult } from "../../core/wire/media-history.ts";
import type { MediaHistory } from "../../service/media/media-history.ts";
import { invalidParams } from "../rpc/errors.ts";
import { defineMethod } from "../rpc/method.ts";
import { requestedSystemIds } from "./system-names.ts";

const DEFAULT_LIMIT = 25;
const encodeCursor = (id: number) => Buffer.from(String(id)).toString("base64url");
function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!Number.isInteger(id) || id < 1) throw invalidParams("invalid params: cursor is not one this service gave");
  return id;
}

/** `media.history`, `media.history.latest`, `media.history.top`, from the user database's play sessions. */
export function mediaHistoryMethods(deps: { history: MediaHistory; systemIds: (ids: readonly string[]) => string[] }) {
  return [
    defineMethod({
      name: "media.history",
      summary: "Play sessions, newest first (limit 1-100, default 25; `cursor` continues; `distinctMedia` keeps each media's newest; `systems` filters).",
      params: MediaHistoryParams,
      result: MediaHistoryResult,
      example: { limit: 10, systems: ["SNES"] },
      handler: (p) => {
        const limit = p?.limit ?? DEFAULT_LIMIT;
        const systems = p?.systems?.length ? deps.systemIds(requestedSystemIds(p.systems, p.fuzzySystem)) : undefined;
        const page = deps.history.list({ limit, below: p?.cursor ? decodeCursor(p.cursor) : undefined, systems, distinct: p?.distinctMedia });
        const entries = page.entries.map(({ id: _id, ...e }) => ({ ...e, hasCover: false }));
        if (entries.length === 0) return { entries };
        const next = page.nextBelow !== undefined ? encodeCursor(page.nextBelow) : null;
        return { entries, pagination: { nextCursor: next, hasNextPage: next !== null, pageSize: limit } };
      },
    }),
    defineMethod({
      name: "media.history.latest",
      summary: "The newest play session, or entry null.",
      params: null,
      result: MediaHistoryLatestResult,
      handler: () => {
        const e = deps.history.latest();
        if (!e) return { entry: null };
        return { entry: { systemId: e.systemId, systemName: e.systemName, mediaName: e.mediaName, mediaPath: e.mediaPath, launcherId: e.launcherId, startedAt: e.startedAt } };
      },
    }),
    defineMethod({
      name: "media.history.top",
      summary: "Most played media by total play time (seconds) with session count and last play (limit 1-100, default 25; `since` RFC 3339; `systems`).",
      params: MediaHistoryTopParams,
      result: MediaHistoryTopResult,
      example: { limit: 5, since: "2026-01-01T00:00:00Z" },
      handler: (p) => {
        let since: number | undefined;
        if (p?.since !== undefined) {
          since = Date.parse(p.since);
          if (!/^\d{4}-\d\d-\d\dT/.test(p.since) || Number.isNaN(since)) throw new DomainError("invalid", `since must be an RFC 3339 time (got "${p.since}")`);
        }
        const systems = p?.systems?.length ? deps.systemIds(requestedSystemIds(p.systems, p.fuzzySystem)) : undefined;
        return { entries: deps.history.top({ limit: p?.limit ?? DEFAULT_LIMIT, systems, since }) };
      },
    }),
  ];
}

import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { useAction, useApp, useRpc } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";
import type { MediaResult, SystemEntry } from "../types.ts";
import { Toast } from "../ui/toast.tsx";
import { QrCode } from "../ui/qr.tsx";
import { count } from "../ui/format.ts";
import { FAVORITE } from "../media/favorite.tsx";
import { MediaRow } from "../media/media-row.tsx";

const DEBOUNCE_MS = 250;
/** Rows in the first answer (a phone screen or two; less to render) and per "Show more". */
const PAGE = 20;
const MORE = 50;

interface Answer {
  results: MediaResult[];
  total: number;
  correctedQuery?: string;
  pagination?: { nextCursor?: string; hasNextPage: boolean };
}

/**
 * Results as you type, a systems filter, a favourites filter and the total; per result its cover, a favourite
 * star, Launch, Details, Write to tag and a QR code. "Show more" asks for the next page by its cursor.
 */
export function Search() {
  const { conn } = useApp();
  const systems = useRpc<{ systems: SystemEntry[] }>("systems");
  // `/app/search?q=…` opens with that search (a link or a bookmark); typing keeps the address current
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get("q") ?? "");
  const [system, setSystem] = useState("");
  const [favorites, setFavorites] = useState(false);
  const [found, setFound] = useState<{ results: MediaResult[]; total: number; query: string; correctedQuery?: string; next?: string } | null>(null);
  const [error, setError] = useState<string>();
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const action = useAction();
  const seq = useRef(0);
  const opened = useRef(query.trim());
  const params = (q: string) => ({ query: q, ...(system ? { systems: [system] } : {}), ...(favorites ? { tags: [FAVORITE] } : {}) });
  // a layout effect: the search the page opened with is queued before the first paint, so it is the first
  // request on the socket
  useLayoutEffect(() => {
    const q = query.trim();
    const mine = ++seq.current;
    if (q === "") {
      if (location.search) history.replaceState(null, "", location.pathname);
      if (!favorites) {
        setFound(null);
        return;
      }
    } else history.replaceState(null, "", `${location.pathname}?q=${encodeURIComponent(q)}`);
    const search = () =>
      conn.call<Answer>("media.search", { ...params(q), maxResults: PAGE }).then(
        (r) => {
          if (mine !== seq.current) return;
          setFound({ results: r.results, total: r.total, query: q, correctedQuery: r.correctedQuery, next: r.pagination?.nextCursor });
          setError(undefined);
        },
        (e) => mine === seq.current && setError(errorText(e)),
      );
    if (mine === 1 && q === opened.current) {
      void search(); // the query the page opened with runs at once
      return;
    }
    const timer = setTimeout(search, q === "" ? 0 : DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, system, favorites, conn]);
  const more = async () => {
    if (!found?.next) return;
    const mine = seq.current;
    setLoadingMore(true);
    try {
      const r = await conn.call<Answer>("media.search", { ...params(found.query), maxResults: MORE, cursor: found.next });
      if (mine === seq.current) setFound({ ...found, results: [...found.results, ...r.results], total: r.total, next: r.pagination?.nextCursor });
    } catch (e) {
      if (mine === seq.current) setError(errorText(e));
    } finally {
      setLoadingMore(false);
    }
  };
  const noun = favorites ? (found?.total === 1 ? "favourite" : "favourites") : found?.total === 1 ? "result" : "results";
  const summary = found ? `${count(found.total)} ${noun}${found.total > found.results.length ? `, showing ${found.results.length}` : ""}` : "Type a name to search.";
  return (
    <>
      <form class="row" role="search" onSubmit={(e) => e.preventDefault()}>
        <label class="grow">
          Game name
          <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} autoComplete="off" enterKeyHint="search" />
        </label>
        <label>
          System
          <select value={system} onChange={(e) => setSystem(e.currentTarget.value)}>
            <option value="">All systems</option>
            {(systems.data?.systems ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label class="switch">
          <input type="checkbox" checked={favorites} onChange={(e) => setFavorites(e.currentTarget.checked)} />
          Favourites only
        </label>
      </form>
      <p class="count" role="status" data-testid="result-count">
        {error ?? summary}
      </p>
      {found?.correctedQuery && !error && (
        <p class="sub" data-testid="corrected-query">
          Nothing matches “{found.query}”: showing results for “{found.correctedQuery}”.
        </p>
      )}
      <Toast error={action.error} message={action.message} seq={action.seq} />
      <ul class="results" data-testid="results">
        {found?.results.map((m) => (
          <MediaRow
            key={`${m.system.id}/${m.path}`}
            media={{ system: m.system.id, path: m.path }}
            name={m.name}
            sub={`${m.system.name}${m.disambiguatingTags?.length ? ` · ${m.disambiguatingTags.map((t) => t.label ?? t.tag).join(", ")}` : ""}`}
            tags={m.tags}
            zapScript={m.zapScript}
            run={action.run}
            actions={
              <>
                <button type="button" class="secondary" onClick={() => action.run(async () => (await conn.call("readers.write", { text: m.zapScript }), `Written ${m.name} to the tag.`))} aria-label={`Write ${m.name} to a tag`}>
                  Write
                </button>
                <button type="button" class="secondary" aria-expanded={qrFor === m.path} onClick={() => setQrFor(qrFor === m.path ? null : m.path)} aria-label={`QR code for ${m.name}`}>
                  QR
                </button>
              </>
            }
          >
            {qrFor === m.path && (
              <div class="qr-box">
                <QrCode text={launchLink(m.zapScript)} label={`QR code that launches ${m.name}`} />
                <p class="sub mono">{launchLink(m.zapScript)}</p>
              </div>
            )}
          </MediaRow>
        ))}
      </ul>
      {found?.next && (
        <button type="button" class="secondary" disabled={loadingMore} onClick={() => void more()}>
          Show more results
        </button>
      )}
    </>
  );
}

/** The device's `GET /l/` link for a launch script. */
export function launchLink(script: string): string {
  return `${location.origin}/l/${encodeURIComponent(script).replace(/%2F/g, "/")}`;
}

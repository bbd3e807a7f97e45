import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { useAction, useApp, useRpc } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";
import type { MediaResult, SystemEntry } from "../types.ts";
import { Toast } from "../ui/toast.tsx";
import { QrCode } from "../ui/qr.tsx";
import { count } from "../ui/format.ts";

const DEBOUNCE_MS = 250;
/** Rows in the first answer (a phone screen or two; less to render) and per "Show more". */
const PAGE = 20;
const MORE = 50;

/** Results as you type, a systems filter and the total; per result Launch, Write to tag and a QR code. */
export function Search() {
  const { conn } = useApp();
  const systems = useRpc<{ systems: SystemEntry[] }>("systems");
  // `/app/search?q=…` opens with that search (a link or a bookmark); typing keeps the address current
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get("q") ?? "");
  const [system, setSystem] = useState("");
  const [found, setFound] = useState<{ results: MediaResult[]; total: number; query: string; correctedQuery?: string } | null>(null);
  const [error, setError] = useState<string>();
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [limit, setLimit] = useState(PAGE);
  const action = useAction();
  const seq = useRef(0);
  const opened = useRef(query.trim());
  // a layout effect: the search the page opened with is queued before the first paint, so it is the first
  // request on the socket
  useLayoutEffect(() => {
    const q = query.trim();
    if (q === "") {
      if (location.search) history.replaceState(null, "", location.pathname);
      setFound(null);
      return;
    }
    const mine = ++seq.current;
    history.replaceState(null, "", `${location.pathname}?q=${encodeURIComponent(q)}`);
    const search = () =>
      conn.call<{ results: MediaResult[]; total: number; correctedQuery?: string }>("media.search", { query: q, maxResults: limit, ...(system ? { systems: [system] } : {}) }).then(
        (r) => {
          if (mine !== seq.current) return;
          setFound({ ...r, query: q });
          setError(undefined);
        },
        (e) => mine === seq.current && setError(errorText(e)),
      );
    if (mine === 1 && q === opened.current) {
      void search(); // the query the page opened with runs at once
      return;
    }
    const timer = setTimeout(search, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, system, limit, conn]);
  const summary = found ? `${count(found.total)} ${found.total === 1 ? "result" : "results"}${found.total > found.results.length ? `, showing ${found.results.length}` : ""}` : "Type a name to search.";
  return (
    <>
      <form class="row" role="search" onSubmit={(e) => e.preventDefault()}>
        <label class="grow">
          Game name
          <input
          type="search"
          value={query}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
            setLimit(PAGE);
          }} autoComplete="off" enterKeyHint="search" />
        </label>
        <label>
          System
          <select value={system} onChange={(e) => {
              setSystem(e.currentTarget.value);
              setLimit(PAGE);
            }}>
            <option value="">All systems</option>
            {(systems.data?.systems ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
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
          <li key={m.path} class="result">
            <div class="result-text">
              <span class="title">{m.name}</span>
              <span class="sub">
                {m.system.name}
                {m.disambiguatingTags?.length ? ` · ${m.disambiguatingTags.map((t) => t.label ?? t.tag).join(", ")}` : ""}
              </span>
            </div>
            <div class="actions">
              <button type="button" onClick={() => action.run(async () => (await conn.call("launch", { text: m.zapScript }), `Launching ${m.name}.`))} aria-label={`Launch ${m.name}`}>
                Launch
              </button>
              <button type="button" class="secondary" onClick={() => action.run(async () => (await conn.call("readers.write", { text: m.zapScript }), `Written ${m.name} to the tag.`))} aria-label={`Write ${m.name} to a tag`}>
                Write
              </button>
              <button type="button" class="secondary" aria-expanded={qrFor === m.path} onClick={() => setQrFor(qrFor === m.path ? null : m.path)} aria-label={`QR code for ${m.name}`}>
                QR
              </button>
            </div>
            {qrFor === m.path && (
              <div class="qr-box">
                <QrCode text={launchLink(m.zapScript)} label={`QR code that launches ${m.name}`} />
                <p class="sub mono">{launchLink(m.zapScript)}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      {found && found.total > found.results.length && (
        <button type="button" class="secondary" disabled={limit > found.results.length} onClick={() => setLimit(found.results.length + MORE)}>
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

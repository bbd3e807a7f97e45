import { useEffect, useRef, useState } from "preact/hooks";
import { useApp, useRpc } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";
import type { CardSource, MediaResult, SystemEntry } from "../types.ts";
import { FolderPicker } from "./folder-picker.tsx";

const DEBOUNCE_MS = 250;
const PAGE = 20;

/**
 * Adding games to a set: a search whose results each have Add (and Add all), and whole sources: a system, the
 * favourites, a folder of the library, a playlist. `add` does the call and tells the outcome.
 */
export function AddGames({ add }: { add(what: { items?: Array<{ system: string; path: string }>; source?: CardSource }, say: string): Promise<void> }) {
  const { conn } = useApp();
  const systems = useRpc<{ systems: SystemEntry[] }>("systems");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ results: MediaResult[]; total: number } | null>(null);
  const [error, setError] = useState<string>();
  const [system, setSystem] = useState("");
  const [playlist, setPlaylist] = useState("");
  const seq = useRef(0);
  useEffect(() => {
    const q = query.trim();
    const mine = ++seq.current;
    if (q === "") {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => {
      conn.call<{ results: MediaResult[]; total: number }>("media.search", { query: q, maxResults: PAGE }).then(
        (r) => mine === seq.current && (setFound(r), setError(undefined)),
        (e) => mine === seq.current && setError(errorText(e)),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, conn]);
  return (
    <section aria-labelledby="add-games" class="card">
      <h2 id="add-games">Add games</h2>
      <label>
        Search the library
        <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} autoComplete="off" data-testid="card-search" />
      </label>
      <p class="count" role="status">
        {error ?? (found ? `${found.total} found${found.total > found.results.length ? `, showing ${found.results.length}` : ""}` : "")}
      </p>
      {found && found.total > 0 && (
        <button type="button" class="secondary" onClick={() => void add({ source: { kind: "search", query: query.trim() } }, `every game found for “${query.trim()}”`)}>
          Add all {found.total} found
        </button>
      )}
      <ul class="list" data-testid="card-search-results">
        {found?.results.map((m) => (
          <li key={`${m.system.id}/${m.path}`}>
            <span class="result-text">
              <span class="title">{m.name}</span>
              <span class="sub">{m.system.name}</span>
            </span>
            <button type="button" class="secondary" aria-label={`Add ${m.name}`} onClick={() => void add({ items: [{ system: m.system.id, path: m.path }] }, m.name)}>
              Add
            </button>
          </li>
        ))}
      </ul>
      <details>
        <summary>Add a system, the favourites, a folder or a playlist</summary>
        <div class="row">
          <label>
            System
            <select value={system} onChange={(e) => setSystem(e.currentTarget.value)} data-testid="add-system">
              <option value="">Choose a system</option>
              {(systems.data?.systems ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="secondary" disabled={!system} onClick={() => void add({ source: { kind: "system", system } }, `the games of ${system}`)}>
            Add system
          </button>
        </div>
        <div class="row">
          <button type="button" class="secondary" onClick={() => void add({ source: { kind: "favorites" } }, "the favourites")}>
            Add favourites
          </button>
        </div>
        <FolderPicker add={(path) => void add({ source: { kind: "folder", path } }, `the folder ${path}`)} />
        <form class="row" onSubmit={(e) => (e.preventDefault(), void add({ source: { kind: "playlist", name: playlist.trim() } }, `the playlist ${playlist.trim()}`))}>
          <label class="grow">
            Playlist (.m3u, .pls or a folder)
            <input value={playlist} onInput={(e) => setPlaylist(e.currentTarget.value)} class="mono" />
          </label>
          <button type="submit" class="secondary" disabled={!playlist.trim()}>
            Add playlist
          </button>
        </form>
      </details>
    </section>
  );
}

import { useEffect, useRef, useState } from "preact/hooks";
import { useAction, useApp } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";
import type { BrowseEntry, BrowseIndexGroup } from "../types.ts";
import { count } from "../ui/format.ts";
import { Toast } from "../ui/toast.tsx";
import { MediaRow } from "./media-row.tsx";

const PAGE = 30;

interface Listing {
  entries: BrowseEntry[];
  totalFiles: number;
  totalDirs?: number;
  pagination?: { nextCursor?: string | null; hasNextPage: boolean };
}

/**
 * Where the listing is: the roots (no path; of some systems only), or a folder; with the places passed on the
 * way for going back.
 */
interface Place {
  path?: string;
  systems?: string[];
  trail: Array<{ name: string; path?: string; systems?: string[] }>;
  letter?: string;
}

/**
 * The library by folder as on disk (media.browse: roots, folders, media; pages by cursor) and, inside a folder,
 * by first letter (media.browse.index gives the letters holding media and their counts).
 */
export function Browse({ system }: { system?: { id: string; name: string } | undefined }) {
  const { conn } = useApp();
  const action = useAction();
  const [place, setPlace] = useState<Place>(system ? { systems: [system.id], trail: [{ name: system.name, systems: [system.id] }] } : { trail: [] });
  const [list, setList] = useState<{ entries: BrowseEntry[]; totalFiles: number; totalDirs: number; next?: string } | null>(null);
  const [letters, setLetters] = useState<BrowseIndexGroup[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const params = (p: Place) => ({ ...(p.path ? { path: p.path } : p.systems ? { systems: p.systems } : {}), ...(p.letter ? { letter: p.letter } : {}), maxResults: PAGE });
  useEffect(() => {
    const mine = ++seq.current;
    setBusy(true);
    conn.call<Listing>("media.browse", params(place)).then(
      (r) => {
        if (mine !== seq.current) return;
        const only = r.entries[0];
        if (place.systems && !place.path && r.entries.length === 1 && only?.type === "root") {
          setPlace({ path: only.path, trail: [{ name: only.name, path: only.path }] }); // a system's one folder: open it
          return;
        }
        setList({ entries: r.entries, totalFiles: r.totalFiles, totalDirs: r.totalDirs ?? 0, next: r.pagination?.nextCursor ?? undefined });
        setError(undefined);
        setBusy(false);
      },
      (e) => {
        if (mine !== seq.current) return;
        setError(errorText(e));
        setBusy(false);
      },
    );
  }, [place, conn]);
  useEffect(() => {
    setLetters([]);
    if (!place.path) return;
    let live = true;
    conn.call<{ groups: BrowseIndexGroup[] }>("media.browse.index", { path: place.path }).then(
      (r) => live && setLetters(r.groups.filter((g) => g.count > 0)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [place.path, conn]);
  const more = async () => {
    if (!list?.next) return;
    const mine = seq.current;
    setBusy(true);
    try {
      const r = await conn.call<Listing>("media.browse", { ...params(place), cursor: list.next });
      if (mine === seq.current) setList({ ...list, entries: [...list.entries, ...r.entries], next: r.pagination?.nextCursor ?? undefined });
    } catch (e) {
      if (mine === seq.current) setError(errorText(e));
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  };
  const open = (e: BrowseEntry) => setPlace({ path: e.path, trail: [...place.trail, { name: e.name, path: e.path }] });
  const back = (depth: number) => {
    const to = place.trail[depth - 1];
    setPlace(to ? { ...(to.path ? { path: to.path } : {}), ...(to.systems ? { systems: to.systems } : {}), trail: place.trail.slice(0, depth) } : { trail: [] });
  };
  const shown = list?.entries.length ?? 0;
  const total = list ? list.totalFiles + list.totalDirs : 0;
  return (
    <section aria-labelledby="h-browse">
      <h2 id="h-browse">Browse</h2>
      <div class="crumbs" data-testid="browse-trail">
        <button type="button" class="link" onClick={() => back(0)} aria-current={place.trail.length === 0 ? "location" : undefined}>
          All folders
        </button>
        {place.trail.map((t, i) => (
          <span key={t.path ?? t.name}>
            <span aria-hidden="true"> › </span>
            <button type="button" class="link" onClick={() => back(i + 1)} aria-current={i === place.trail.length - 1 ? "location" : undefined}>
              {t.name}
            </button>
          </span>
        ))}
      </div>
      {letters.length > 1 && (
        <div class="letters" role="group" aria-label="First letter" data-testid="letters">
          <button type="button" class="secondary" aria-pressed={!place.letter} onClick={() => setPlace({ ...place, letter: undefined })}>
            All
          </button>
          {letters.map((g) => (
            <button key={g.key} type="button" class="secondary" aria-pressed={place.letter === g.key} onClick={() => setPlace({ ...place, letter: g.key })} aria-label={`${g.label}: ${g.count}`}>
              {g.label}
            </button>
          ))}
        </div>
      )}
      <p class="count" role="status" data-testid="browse-count">
        {error ?? (list ? `${count(list.totalFiles)} ${list.totalFiles === 1 ? "game" : "games"}${list.totalDirs ? `, ${count(list.totalDirs)} ${list.totalDirs === 1 ? "folder" : "folders"}` : ""}${total > shown ? `, showing ${shown}` : ""}` : "Loading…")}
      </p>
      <Toast error={action.error} message={action.message} seq={action.seq} />
      <ul class="results browse-list" data-testid="browse">
        {list?.entries.map((e) =>
          e.type === "media" ? (
            <MediaRow
              key={e.path}
              media={{ system: e.systemId ?? "", path: e.path }}
              name={e.name}
              sub={`${e.systemName ?? e.systemId ?? ""}${e.disambiguatingTags?.length ? ` · ${e.disambiguatingTags.map((t) => t.label ?? t.tag).join(", ")}` : ""}`}
              tags={e.tags}
              zapScript={e.zapScript ?? e.path}
              run={action.run}
            />
          ) : (
            <li key={e.path} class="folder">
              <button type="button" class="row-button" onClick={() => open(e)}>
                <span class="title">{e.name}</span>
                <span class="sub">{e.fileCount === undefined ? (e.type === "root" ? "Root folder" : "Folder") : `${count(e.fileCount)} ${e.fileCount === 1 ? "game" : "games"}`}</span>
              </button>
            </li>
          ),
        )}
      </ul>
      {list?.entries.length === 0 && !error && <p class="sub">Nothing here. Update the index to read the folders.</p>}
      {list?.next && (
        <button type="button" class="secondary" disabled={busy} onClick={() => void more()}>
          Show more
        </button>
      )}
    </section>
  );
}

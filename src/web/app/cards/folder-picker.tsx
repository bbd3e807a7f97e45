import { useEffect, useState } from "preact/hooks";
import { useApp } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";
import type { BrowseEntry } from "../types.ts";

const MAX = 200;

/** The library's folders to pick one from: roots first, a folder's subfolders below it; Add takes the one open. */
export function FolderPicker({ add }: { add(path: string): void }) {
  const { conn } = useApp();
  const [trail, setTrail] = useState<BrowseEntry[]>([]);
  const [folders, setFolders] = useState<BrowseEntry[]>([]);
  const [error, setError] = useState<string>();
  const here = trail.at(-1);
  useEffect(() => {
    let current = true;
    conn.call<{ entries: BrowseEntry[] }>("media.browse", { ...(here ? { path: here.path } : {}), maxResults: MAX }).then(
      (r) => current && (setFolders(r.entries.filter((e) => e.type !== "media")), setError(undefined)),
      (e) => current && setError(errorText(e)),
    );
    return () => {
      current = false;
    };
  }, [here?.path, conn]);
  return (
    <div data-testid="folder-picker">
      <p class="sub">
        Folder: <span class="mono">{here ? here.path : "the library's folders"}</span>
        {here?.fileCount !== undefined ? ` (${here.fileCount} games)` : ""}
      </p>
      <div class="actions">
        {here && (
          <button type="button" class="secondary small" onClick={() => setTrail(trail.slice(0, -1))}>
            Up
          </button>
        )}
        {here && (
          <button type="button" class="secondary" onClick={() => add(here.path)}>
            Add this folder
          </button>
        )}
      </div>
      {error && <p class="bad">{error}</p>}
      <ul class="list">
        {folders.map((f) => (
          <li key={f.path}>
            <button type="button" class="row-button" onClick={() => setTrail([...trail, f])}>
              {f.name}
              {f.fileCount !== undefined ? ` (${f.fileCount})` : ""}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

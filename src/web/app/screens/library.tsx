import { useEffect, useState } from "preact/hooks";
import { useAction, useApp, useLive, useRpc } from "../hooks.ts";
import type { SystemEntry } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { count } from "../ui/format.ts";
import { Browse } from "../media/browse.tsx";

/** Browse by folder and letter; systems with their media counts; Update index with live progress; the root folders the index reads. */
export function Library() {
  const { conn } = useApp();
  const { index } = useLive();
  const systems = useRpc<{ systems: SystemEntry[] }>("systems");
  const update = useAction();
  const [wasIndexing, setWasIndexing] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [browsing, setBrowsing] = useState<SystemEntry>();
  useEffect(() => {
    if (index?.indexing) setWasIndexing(true);
    else if (wasIndexing) {
      setWasIndexing(false);
      systems.reload();
      setGeneration((n) => n + 1); // a new index: browsing starts again from the roots
    }
  }, [index?.indexing]);
  const indexing = index?.indexing === true;
  const total = index?.totalSteps ?? 0;
  const step = index?.currentStep ?? 0;
  return (
    <>
      <section aria-labelledby="h-index">
        <h2 id="h-index">Media index</h2>
        <p data-testid="index-status">
          {indexing
            ? `Indexing ${index?.currentStepDisplay ?? ""} (${step} of ${total} systems, ${count(index?.totalFiles ?? 0)} files so far)…`
            : index?.exists
              ? `${count(index.totalMedia ?? 0)} media indexed${index.lastIndexed ? ` on ${new Date(index.lastIndexed).toLocaleString()}` : ""}.`
              : "No media index yet."}
        </p>
        <progress data-testid="index-progress" max={Math.max(total, 1)} value={indexing ? step : index?.exists ? Math.max(total, 1) : 0} aria-label="Indexing progress" />
        <button type="button" disabled={indexing || update.busy} onClick={() => update.run(async () => (await conn.call("media.generate"), undefined))}>
          Update index
        </button>
        <Notice error={update.error} />
      </section>
      <Browse key={`${generation}/${browsing?.id ?? ""}`} system={browsing} />
      <section aria-labelledby="h-systems">
        <h2 id="h-systems">Systems</h2>
        {systems.error && <Notice error={systems.error} />}
        <ul class="list" data-testid="systems">
          {(systems.data?.systems ?? []).map((s) => (
            <li key={s.id}>
              <button
                type="button"
                class="row-button system"
                onClick={() => {
                  setBrowsing(s);
                  document.getElementById("h-browse")?.scrollIntoView();
                }}
              >
                <span class="title">
                  <span class="visually-hidden">Browse </span>
                  {s.name}
                </span>
                <span class="sub">
                  {count(s.mediaCount ?? 0)}
                  <span class="visually-hidden"> games</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {systems.data && systems.data.systems.length === 0 && <p class="sub">No systems indexed yet.</p>}
      </section>
      <RootFolders />
    </>
  );
}

function RootFolders() {
  const { conn } = useApp();
  const settings = useRpc<{ systems: { rootFolders: string[] } }>("settings");
  const [text, setText] = useState<string | null>(null);
  const save = useAction();
  const current = text ?? (settings.data?.systems.rootFolders ?? []).join("\n");
  return (
    <section aria-labelledby="h-roots">
      <h2 id="h-roots">Root folders</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const rootFolders = current.split("\n").map((s) => s.trim()).filter(Boolean);
          void save.run(async () => {
            await conn.call("settings.update", { systems: { rootFolders } });
            setText(null);
            settings.reload();
            return "Saved. Update the index to read the new folders.";
          });
        }}
      >
        <label>
          Extra folders to index, one per line
          <textarea rows={3} value={current} onInput={(e) => setText(e.currentTarget.value)} spellcheck={false} />
        </label>
        <button type="submit" disabled={save.busy}>
          Save folders
        </button>
      </form>
      <Notice error={save.error} message={save.message} />
    </section>
  );
}

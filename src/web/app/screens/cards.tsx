import { useEffect, useState } from "preact/hooks";
import { AddGames } from "../cards/add-games.tsx";
import { SetItems } from "../cards/set-items.tsx";
import { useAction, useApp, useRpc } from "../hooks.ts";
import type { CardQueueStatus, CardSet, CardSetResult, CardSource, ScriptKind } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Toast } from "../ui/toast.tsx";

const KINDS: Array<{ kind: ScriptKind; label: string }> = [
  { kind: "title", label: "Title (@System/Title)" },
  { kind: "path", label: "Path of the file" },
];

/**
 * Card sets: games to make cards of, kept on the device. Pick or create a set; rename it, choose what its tags
 * hold, reorder and remove its games, add games from the library; then write them to tags one after another.
 */
export function Cards() {
  const { conn, navigate } = useApp();
  const sets = useRpc<{ sets: CardSet[] }>("cards.sets");
  const queue = useRpc<CardQueueStatus>("cards.queue");
  const [selected, setSelected] = useState<number | null>(null);
  const [current, setCurrent] = useState<CardSetResult | null>(null);
  const [newName, setNewName] = useState("");
  const [rename, setRename] = useState("");
  const act = useAction();
  const list = sets.data?.sets ?? [];
  const id = selected ?? list[0]?.id ?? null;
  const load = async () => {
    if (id === null) return setCurrent(null);
    const r = await conn.call<CardSetResult>("cards.set", { id });
    setCurrent(r);
    setRename(r.set.name);
  };
  useEffect(() => void load().catch(() => setCurrent(null)), [id, conn, sets.data]);
  const changed = (r?: CardSetResult) => {
    if (r) setCurrent(r);
    sets.reload();
  };
  const add = (what: { items?: Array<{ system: string; path: string }>; source?: CardSource }, say: string) =>
    act.run(async () => {
      const r = await conn.call<{ added: number }>("cards.set.add", { id, ...what });
      changed();
      return r.added === 0 ? `Nothing to add from ${say}.` : `Added ${say}${r.added > 1 ? ` (${r.added} games)` : ""}.`;
    });
  return (
    <>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const set = await conn.call<CardSet>("cards.sets.create", { name: newName.trim() });
            setNewName("");
            setSelected(set.id);
            sets.reload();
            return `Created “${set.name}”.`;
          });
        }}
      >
        <label class="grow">
          New set
          <input value={newName} required onInput={(e) => setNewName(e.currentTarget.value)} placeholder="e.g. Shelf 1" />
        </label>
        <button type="submit" disabled={!newName.trim() || act.busy}>
          Create
        </button>
      </form>
      {list.length > 0 && (
        <label>
          Card set
          <select value={id ?? ""} onChange={(e) => setSelected(Number(e.currentTarget.value))} data-testid="set-picker">
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.count})
              </option>
            ))}
          </select>
        </label>
      )}
      {sets.error && <Notice error={sets.error} />}
      {current && (
        <>
          <section class="card" aria-labelledby="set-heading" data-testid="card-set">
            <h2 id="set-heading">{current.set.name}</h2>
            <p class="sub">{current.items.length === 1 ? "1 game" : `${current.items.length} games`}</p>
            <form class="row" onSubmit={(e) => (e.preventDefault(), void act.run(async () => (await conn.call("cards.sets.update", { id, name: rename.trim() }), changed(), "Renamed.")))}>
              <label class="grow">
                Name
                <input value={rename} required onInput={(e) => setRename(e.currentTarget.value)} />
              </label>
              <button type="submit" class="secondary" disabled={!rename.trim() || rename === current.set.name}>
                Rename
              </button>
            </form>
            <label>
              Tags hold
              <select value={current.set.scriptKind} onChange={(e) => void act.run(async () => (await conn.call("cards.sets.update", { id, scriptKind: e.currentTarget.value }), changed(), "The tags' text changed."))}>
                {KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </select>
            </label>
            <SetItems
              items={current.items}
              move={(item, to) => void act.run(async () => (changed(await conn.call<CardSetResult>("cards.set.move", { id, itemId: item.itemId, to })), undefined))}
              remove={(item) => void act.run(async () => (changed(await conn.call<CardSetResult>("cards.set.remove", { id, itemIds: [item.itemId] })), `Removed ${item.title}.`))}
            />
            <div class="actions">
              {unfinished(queue.data, id) && (
                <button
                  type="button"
                  onClick={() => void act.run(async () => (queue.data?.state === "stopped" && (await conn.call("cards.queue.resume")), navigate("queue"), undefined))}
                >
                  Continue writing ({queue.data?.written} of {queue.data?.total} written)
                </button>
              )}
              <button
                type="button"
                class={unfinished(queue.data, id) ? "secondary" : undefined}
                disabled={current.items.length === 0}
                onClick={() => void act.run(async () => (await conn.call("cards.queue.start", { setId: id }), navigate("queue"), undefined))}
              >
                {unfinished(queue.data, id) ? "Start writing over" : "Write to tags"}
              </button>
              <button type="button" class="secondary" disabled={current.items.length === 0} onClick={() => navigate(`labels?set=${id}`)}>
                Print labels
              </button>
              <button
                type="button"
                class="secondary"
                onClick={() => {
                  if (!confirm(`Delete the set “${current.set.name}”?`)) return;
                  void act.run(async () => (await conn.call("cards.sets.delete", { id }), setSelected(null), sets.reload(), "Deleted."));
                }}
              >
                Delete set
              </button>
            </div>
          </section>
          <AddGames add={add} />
        </>
      )}
      <Toast error={act.error} message={act.message} seq={act.seq} />
    </>
  );
}

/** A write queue of this set that is not done: Cards offers to go on with it. */
function unfinished(q: CardQueueStatus | undefined, setId: number | null): boolean {
  return q !== undefined && q.setId === setId && (q.state === "running" || q.state === "stopped");
}

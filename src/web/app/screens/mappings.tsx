import { useEffect, useState } from "preact/hooks";
import { AMIIBO_TYPE } from "../../../core/ndef/type2-toys.ts";
import { checkZapScript } from "../../../core/zapscript/check.ts";
import { useAction, useApp, useLive, useRpc } from "../hooks.ts";
import type { Mapping, Token } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Toast } from "../ui/toast.tsx";

type Draft = Omit<Mapping, "id" | "added" | "source" | "readOnly"> & { id?: string };

const EMPTY: Draft = { label: "", enabled: true, type: "uid", match: "exact", pattern: "", override: "" };

const FIELD = { uid: "UID", text: "Text", data: "Data" } as const;
const HOW = { exact: "is", partial: "contains", regex: "matches" } as const;

/** "Text is “toy-42”": the mapping's condition in words. */
function describe(m: Mapping): string {
  return `${FIELD[m.type]} ${HOW[m.match]} “${m.pattern}”`;
}

/**
 * A mapping for the tag just scanned: an Amiibo by its figure id (every copy of the figure), else by its UID
 * (read-only tags, other toys), or by its text when it has no UID.
 */
function fromToken(t: Token): Draft {
  if (t.type === AMIIBO_TYPE && t.data) return { ...EMPTY, type: "data", label: `Amiibo ${t.data}`, pattern: t.data };
  return t.uid ? { ...EMPTY, label: `Tag ${t.uid}`, pattern: t.uid } : { ...EMPTY, type: "text", label: `Tag “${t.text}”`, pattern: t.text };
}

/** Mappings: list, create, edit, enable/disable, delete; "map the last scanned tag" pre-fills a uid mapping. */
export function Mappings() {
  const { conn } = useApp();
  const { lastToken } = useLive();
  const list = useRpc<{ mappings: Mapping[] }>("mappings");
  const [draft, setDraft] = useState<Draft | null>(null);
  const act = useAction();
  // switches flip at once; the list catches up when the service confirmed (or the switch flips back)
  const [flipped, setFlipped] = useState<Record<string, boolean>>({});
  useEffect(() => setFlipped({}), [list.data]);
  const mappings = list.data?.mappings ?? [];
  return (
    <>
      <div class="row">
        <button type="button" onClick={() => setDraft({ ...EMPTY })}>
          New mapping
        </button>
        <button
          type="button"
          class="secondary"
          disabled={!lastToken || (!lastToken.uid && !lastToken.text)}
          onClick={() => lastToken && setDraft(fromToken(lastToken))}
        >
          Map the last scanned tag
        </button>
      </div>
      {!lastToken && <p class="sub">Scan a tag to map it.</p>}
      {draft && (
        <Editor
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={(msg) => {
            setDraft(null);
            list.reload();
            act.run(async () => msg);
          }}
        />
      )}
      {list.error && <Notice error={list.error} />}
      <Toast error={act.error} message={act.message} seq={act.seq} />
      {list.data && mappings.length === 0 && <p class="sub">No mappings yet.</p>}
      <ul class="list" data-testid="mappings">
        {mappings.map((m) => (
          <li key={m.id} class="mapping">
            <div class="result-text">
              <span class="title">{m.label || m.pattern}</span>
              <span class="sub">
                {describe(m)} → <span class="mono">{m.override}</span>
              </span>
            </div>
            <div class="actions">
              <label class="switch">
                <input
                  type="checkbox"
                  checked={flipped[m.id] ?? m.enabled}
                  onChange={(e) => {
                    const enabled = e.currentTarget.checked;
                    setFlipped((f) => ({ ...f, [m.id]: enabled }));
                    void act.run(async () => {
                      try {
                        await conn.call("mappings.update", { id: m.id, enabled });
                        list.reload();
                        return enabled ? "Mapping enabled." : "Mapping disabled.";
                      } catch (err) {
                        setFlipped(({ [m.id]: _, ...rest }) => rest);
                        throw err;
                      }
                    });
                  }}
                />
                Enabled
              </label>
              <button type="button" class="secondary" onClick={() => setDraft({ ...m })} aria-label={`Edit ${m.label || m.pattern}`}>
                Edit
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => act.run(async () => (await conn.call("mappings.delete", { id: m.id }), list.reload(), "Mapping deleted."))}
                aria-label={`Delete ${m.label || m.pattern}`}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Editor({ draft, onCancel, onSaved }: { draft: Draft; onCancel(): void; onSaved(msg: string): void }) {
  const { conn } = useApp();
  const [d, setD] = useState<Draft>(draft);
  const save = useAction();
  const check = d.override.trim() === "" ? { ok: false as const, error: "" } : checkZapScript(d.override);
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  return (
    <form
      class="card editor"
      aria-label={d.id ? "Edit mapping" : "New mapping"}
      onSubmit={(e) => {
        e.preventDefault();
        if (!check.ok) return;
        const body = { label: d.label, enabled: d.enabled, type: d.type, match: d.match, pattern: d.pattern, override: d.override };
        void save.run(async () => {
          if (d.id) await conn.call("mappings.update", { id: d.id, ...body });
          else await conn.call("mappings.new", body);
          onSaved(d.id ? "Mapping saved." : "Mapping created.");
          return undefined;
        });
      }}
    >
      <label>
        Label
        <input value={d.label} onInput={(e) => set({ label: e.currentTarget.value })} />
      </label>
      <div class="row">
        <label>
          Match on
          <select value={d.type} onChange={(e) => set({ type: e.currentTarget.value as Draft["type"] })}>
            <option value="uid">Tag UID</option>
            <option value="text">Tag text</option>
            <option value="data">Tag data</option>
          </select>
        </label>
        <label>
          How
          <select value={d.match} onChange={(e) => set({ match: e.currentTarget.value as Draft["match"] })}>
            <option value="exact">Exactly</option>
            <option value="partial">Contains</option>
            <option value="regex">Regular expression</option>
          </select>
        </label>
      </div>
      <label>
        Pattern
        <input value={d.pattern} required onInput={(e) => set({ pattern: e.currentTarget.value })} class="mono" />
      </label>
      <label>
        Launch instead
        <input
          value={d.override}
          onInput={(e) => set({ override: e.currentTarget.value })}
          class="mono"
          aria-invalid={!check.ok && d.override !== ""}
          aria-describedby="override-check"
        />
      </label>
      <p id="override-check" class={check.ok || d.override === "" ? "sub" : "notice error"} data-testid="override-check">
        {check.ok
          ? `Runs ${check.script.commands.map((c) => c.name).join(", ")}.`
          : check.error
            ? `This launch script will not run: ${check.error.replace(/\.$/, "")}.` // the parser's own words, as `tapserve parse` prints them
            : "Enter what the tag should launch."}
      </p>
      <label class="switch">
        <input type="checkbox" checked={d.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        Enabled
      </label>
      <div class="row">
        <button type="submit" disabled={!check.ok || d.pattern === "" || save.busy}>
          Save mapping
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <Notice error={save.error} />
    </form>
  );
}

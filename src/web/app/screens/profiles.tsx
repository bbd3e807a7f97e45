import { useState } from "preact/hooks";
import { useAction, useApp, useNotification, useRpc } from "../hooks.ts";
import type { ActiveProfile, Profile } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Toast } from "../ui/toast.tsx";

type NewProfile = { name: string; role: "admin" | "member"; pin: string; dailyLimit: string; sessionLimit: string };
const EMPTY: NewProfile = { name: "", role: "member", pin: "", dailyLimit: "", sessionLimit: "" };

/** Who is playing: switch profile (with its PIN when it has one), back to shared; on the device, add and remove. */
export function Profiles() {
  const { conn, local } = useApp();
  const list = useRpc<{ profiles: Profile[] }>("profiles");
  const active = useRpc<ActiveProfile | null>("profiles.active");
  useNotification("profiles.active", active.reload);
  const act = useAction();
  const [pinFor, setPinFor] = useState<Profile | null>(null);
  const [pin, setPin] = useState("");
  const [draft, setDraft] = useState<NewProfile | null>(null);
  const profiles = list.data?.profiles ?? [];
  const current = active.data ?? null;
  const switchTo = (p: Profile | null, withPin?: string) =>
    act.run(async () => {
      await conn.call("profiles.switch", p ? { profileId: p.profileId, ...(withPin ? { pin: withPin } : {}) } : null);
      setPinFor(null);
      setPin("");
      active.reload();
      return p ? `Now playing as ${p.name}.` : "Back to the shared profile.";
    });
  return (
    <>
      <p class="sub" data-testid="active-profile">
        {current ? `Playing as ${current.name} (${current.role}).` : "Shared profile: nobody in particular."}
      </p>
      {list.error && <Notice error={list.error} />}
      <Toast error={act.error} message={act.message} seq={act.seq} />
      <ul class="list" data-testid="profiles">
        {profiles.map((p) => (
          <li key={p.profileId} class="mapping">
            <div class="result-text">
              <span class="title">{p.name}</span>
              <span class="sub">
                {p.role === "admin" ? "Admin" : "Member"}
                {p.hasPin ? " · PIN" : ""}
                {p.limitsEnabled ? ` · limits ${[p.dailyLimit && `${p.dailyLimit} a day`, p.sessionLimit && `${p.sessionLimit} a session`].filter(Boolean).join(", ")}` : ""}
              </span>
            </div>
            <div class="actions">
              <button type="button" disabled={act.busy || current?.profileId === p.profileId} onClick={() => (p.hasPin ? setPinFor(p) : switchTo(p))} aria-label={`Switch to ${p.name}`}>
                Switch
              </button>
              {local && (
                <button
                  type="button"
                  class="danger"
                  disabled={act.busy}
                  aria-label={`Delete ${p.name}`}
                  onClick={() => act.run(async () => (await conn.call("profiles.delete", { profileId: p.profileId }), list.reload(), active.reload(), "Profile deleted."))}
                >
                  Delete
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {pinFor && (
        <form
          class="card editor"
          aria-label={`PIN for ${pinFor.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void switchTo(pinFor, pin);
          }}
        >
          <label>
            PIN for {pinFor.name}
            <input type="password" inputMode="numeric" autoComplete="off" value={pin} required onInput={(e) => setPin(e.currentTarget.value)} />
          </label>
          <div class="row">
            <button type="submit" disabled={act.busy || pin === ""}>
              Switch
            </button>
            <button type="button" class="secondary" onClick={() => (setPinFor(null), setPin(""))}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <div class="row">
        <button type="button" class="secondary" disabled={act.busy || !current} onClick={() => switchTo(null)}>
          Back to shared
        </button>
        {local && (
          <button type="button" onClick={() => setDraft({ ...EMPTY, role: profiles.length === 0 ? "admin" : "member" })}>
            New profile
          </button>
        )}
      </div>
      {draft && (
        <Editor
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            list.reload();
            void act.run(async () => "Profile created.");
          }}
        />
      )}
    </>
  );
}

function Editor({ draft, onCancel, onSaved }: { draft: NewProfile; onCancel(): void; onSaved(): void }) {
  const { conn } = useApp();
  const [d, setD] = useState(draft);
  const save = useAction();
  const set = (patch: Partial<NewProfile>) => setD({ ...d, ...patch });
  return (
    <form
      class="card editor"
      aria-label="New profile"
      onSubmit={(e) => {
        e.preventDefault();
        const limits = d.dailyLimit || d.sessionLimit ? { limitsEnabled: true, ...(d.dailyLimit ? { dailyLimit: d.dailyLimit } : {}), ...(d.sessionLimit ? { sessionLimit: d.sessionLimit } : {}) } : {};
        void save.run(async () => {
          await conn.call("profiles.new", { name: d.name, role: d.role, ...(d.pin ? { pin: d.pin } : {}), ...limits });
          onSaved();
          return undefined;
        });
      }}
    >
      <label>
        Name
        <input value={d.name} required onInput={(e) => set({ name: e.currentTarget.value })} />
      </label>
      <label>
        Role
        <select value={d.role} onChange={(e) => set({ role: e.currentTarget.value as NewProfile["role"] })}>
          <option value="member">Member (plays within its limits)</option>
          <option value="admin">Admin (manages profiles; needs a PIN)</option>
        </select>
      </label>
      <label>
        PIN (4 to 8 digits, optional for members)
        <input type="password" inputMode="numeric" autoComplete="new-password" value={d.pin} onInput={(e) => set({ pin: e.currentTarget.value })} />
      </label>
      <div class="row">
        <label>
          Daily limit
          <input placeholder="e.g. 1h30m" value={d.dailyLimit} onInput={(e) => set({ dailyLimit: e.currentTarget.value })} />
        </label>
        <label>
          Session limit
          <input placeholder="e.g. 45m" value={d.sessionLimit} onInput={(e) => set({ sessionLimit: e.currentTarget.value })} />
        </label>
      </div>
      <div class="row">
        <button type="submit" disabled={save.busy || d.name.trim() === ""}>
          Create profile
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <Notice error={save.error} />
    </form>
  );
}

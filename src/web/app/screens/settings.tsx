import { useState } from "preact/hooks";
import { useAction, useApp, useRpc } from "../hooks.ts";
import { forgetCredentials, loadCredentials } from "../rpc/credentials.ts";
import { needsSecureLayer } from "../rpc/mode.ts";
import { Notice } from "../ui/notice.tsx";
import { PairAPhone } from "./pair-a-phone.tsx";

interface SettingsView {
  reader: string[];
  audioFeedback: boolean;
  detectReaders: boolean;
  insertMode: boolean;
  insertModeBlocklist: string[];
  insertModeExitDelay: number;
  consoleLogging: boolean;
  debug: boolean;
  runZapScript: boolean;
  systems: { rootFolders: string[] };
}

const SWITCHES: Array<[keyof SettingsView, string]> = [
  ["audioFeedback", "Play a sound when a tag is scanned"],
  ["detectReaders", "Find readers automatically"],
  ["insertMode", "Insert mode: removing the tag stops the game"],
  ["runZapScript", "Run launch scripts from tags"],
  ["consoleLogging", "Log to the console"],
  ["debug", "Debug logging"],
];

const lines = (s: string) => s.split("\n").map((l) => l.trim()).filter(Boolean);

/** Every setting the API exposes, typed; saved with settings.update; the service's own words on errors. */
export function Settings() {
  const { local } = useApp();
  return (
    <>
      <SettingsForm />
      {local ? <PairAPhone /> : needsSecureLayer(location) ? <ForgetThisDevice /> : null}
    </>
  );
}

function SettingsForm() {
  const { conn } = useApp();
  const s = useRpc<SettingsView>("settings");
  const [edit, setEdit] = useState<Record<string, unknown>>({});
  const save = useAction();
  if (!s.data) return <Notice error={s.error} message="Loading settings…" />;
  const v = { ...s.data, ...edit } as SettingsView & Record<string, unknown>;
  const text = (key: string, value: string[]) => (typeof edit[key] === "string" ? (edit[key] as string) : value.join("\n"));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const patch: Record<string, unknown> = {};
        for (const [k, val] of Object.entries(edit)) {
          if (k === "reader" || k === "insertModeBlocklist") patch[k] = lines(val as string);
          else if (k === "rootFolders") patch.systems = { rootFolders: lines(val as string) };
          else if (k === "insertModeExitDelay") patch[k] = Number(val);
          else patch[k] = val;
        }
        void save.run(async () => {
          await conn.call("settings.update", patch);
          setEdit({});
          s.reload();
          return "Settings saved.";
        });
      }}
    >
      <fieldset>
        <legend>Behaviour</legend>
        {SWITCHES.map(([key, label]) => (
          <label class="switch" key={key}>
            <input type="checkbox" name={key} checked={v[key] as boolean} onChange={(e) => setEdit({ ...edit, [key]: e.currentTarget.checked })} />
            {label}
          </label>
        ))}
        <label>
          Seconds to wait before stopping after a tag is removed (0 to 3600)
          <input
            type="number"
            name="insertModeExitDelay"
            min={0}
            max={3600}
            step="any"
            required
            value={String(v.insertModeExitDelay)}
            onInput={(e) => setEdit({ ...edit, insertModeExitDelay: e.currentTarget.value })}
          />
        </label>
        <label>
          Systems that ignore insert mode, one per line
          <textarea name="insertModeBlocklist" rows={2} value={text("insertModeBlocklist", s.data.insertModeBlocklist)} onInput={(e) => setEdit({ ...edit, insertModeBlocklist: e.currentTarget.value })} />
        </label>
      </fieldset>
      <fieldset>
        <legend>Readers and folders</legend>
        <label>
          Readers to connect, one per line as driver:path (for example file:/tmp/tag.txt)
          <textarea name="reader" rows={2} class="mono" value={text("reader", s.data.reader)} onInput={(e) => setEdit({ ...edit, reader: e.currentTarget.value })} spellcheck={false} />
        </label>
        <label>
          Media root folders, one per line
          <textarea name="rootFolders" rows={2} class="mono" value={text("rootFolders", s.data.systems.rootFolders)} onInput={(e) => setEdit({ ...edit, rootFolders: e.currentTarget.value })} spellcheck={false} />
        </label>
      </fieldset>
      <button type="submit" disabled={save.busy || Object.keys(edit).length === 0}>
        Save settings
      </button>
      <Notice error={save.error} message={save.message} />
    </form>
  );
}

function ForgetThisDevice() {
  const { conn } = useApp();
  const creds = loadCredentials();
  if (!creds) return null;
  return (
    <section aria-labelledby="h-forget">
      <h2 id="h-forget">This browser</h2>
      <p class="sub">Paired with this device as “{creds.name}”.</p>
      <button
        type="button"
        class="danger"
        onClick={() => {
          forgetCredentials();
          conn.restart();
        }}
      >
        Forget this device
      </button>
    </section>
  );
}

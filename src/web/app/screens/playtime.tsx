import { useEffect, useState } from "preact/hooks";
import { useAction, useApp, useNotification, useRpc } from "../hooks.ts";
import type { PlaytimeLimits, PlaytimeStatus } from "../types.ts";
import { Notice } from "../ui/notice.tsx";

const STATE = { reset: "No session running", active: "Session running", cooldown: "Limit reached: resting" } as const;

/** Today's play and what is left; on the device, the household's limits (daily, per session, warnings). */
export function Playtime() {
  const { local } = useApp();
  const status = useRpc<PlaytimeStatus>("playtime");
  for (const n of ["media.started", "media.stopped", "playtime.limit.warning", "playtime.limit.reached", "profiles.active"]) useNotification(n, status.reload);
  // the figures move while a game runs: read them again every half minute
  useEffect(() => {
    const t = setInterval(status.reload, 30_000);
    return () => clearInterval(t);
  }, [status.reload]);
  const s = status.data;
  const rows: Array<[string, string | undefined]> = s
    ? [
        ["State", STATE[s.state]],
        ["Played today", s.dailyUsageToday],
        ["Left today", s.dailyRemaining],
        ["This session", s.sessionCumulativeTime ?? s.sessionDuration],
        ["Left this session", s.sessionRemaining],
        ["Rest before the next session", s.cooldownRemaining],
      ]
    : [];
  return (
    <>
      {status.error && <Notice error={status.error} />}
      {s && !s.limitsEnabled && <p class="sub">No limits are set; playtime is only counted.</p>}
      <dl class="facts" data-testid="playtime-status">
        {rows
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {local && <LimitsEditor onSaved={status.reload} />}
    </>
  );
}

function LimitsEditor({ onSaved }: { onSaved(): void }) {
  const { conn } = useApp();
  const limits = useRpc<PlaytimeLimits>("settings.playtime.limits");
  const [d, setD] = useState<PlaytimeLimits | null>(null);
  useEffect(() => setD(limits.data ?? null), [limits.data]);
  const save = useAction();
  if (!d) return limits.error ? <Notice error={limits.error} /> : null;
  const set = (patch: Partial<PlaytimeLimits>) => setD({ ...d, ...patch });
  return (
    <form
      class="card editor"
      aria-label="Playtime limits"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(async () => {
          await conn.call("settings.playtime.limits.update", { enabled: d.enabled, daily: d.daily ?? "", session: d.session ?? "", ...(d.sessionReset ? { sessionReset: d.sessionReset } : {}), warnings: d.warnings });
          limits.reload();
          onSaved();
          return "Limits saved.";
        });
      }}
    >
      <label class="switch">
        <input type="checkbox" checked={d.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        Limits on
      </label>
      <div class="row">
        <label>
          Daily limit
          <input placeholder="e.g. 2h" value={d.daily ?? ""} onInput={(e) => set({ daily: e.currentTarget.value })} />
        </label>
        <label>
          Session limit
          <input placeholder="e.g. 45m" value={d.session ?? ""} onInput={(e) => set({ session: e.currentTarget.value })} />
        </label>
      </div>
      <label>
        A new session starts after a break of
        <input placeholder="e.g. 20m" value={d.sessionReset ?? ""} onInput={(e) => set({ sessionReset: e.currentTarget.value })} />
      </label>
      <label>
        Warn before the limit (comma-separated)
        <input
          placeholder="5m, 2m, 1m"
          value={d.warnings.join(", ")}
          onInput={(e) =>
            set({
              warnings: e.currentTarget.value
                .split(",")
                .map((w) => w.trim())
                .filter(Boolean),
            })
          }
        />
      </label>
      <button type="submit" disabled={save.busy}>
        Save limits
      </button>
      <Notice error={save.error} message={save.message} />
    </form>
  );
}

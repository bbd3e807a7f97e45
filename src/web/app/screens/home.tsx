import { toyLabel } from "../../../core/ndef/type2-toys.ts";
import { useAction, useApp, useLive } from "../hooks.ts";
import { Notice } from "../ui/notice.tsx";
import { MusicCard } from "../ui/music-card.tsx";
import { WritePlayingButton } from "../ui/write-playing.tsx";

/** Version and platform, readers, the last scanned token (live) and what is playing, with Stop and Write to a tag. */
export function Home() {
  const { conn } = useApp();
  const live = useLive();
  const stop = useAction();
  const t = live.lastToken;
  return (
    <>
      <section aria-labelledby="h-device">
        <h2 id="h-device">Device</h2>
        <p data-testid="version">{live.version ? `tapserve ${live.version.version} on ${live.version.platform}` : "Connecting…"}</p>
      </section>
      <section aria-labelledby="h-playing">
        <h2 id="h-playing">Now playing</h2>
        <div class="card" data-testid="now-playing">
          {live.active ? (
            <>
              <p class="title">{live.active.mediaName}</p>
              <p class="sub">
                {live.active.systemName} · {live.active.launcherId}
              </p>
            </>
          ) : (
            <p class="sub">Nothing is running.</p>
          )}
          <div class="row">
            <button type="button" disabled={!live.active || stop.busy} onClick={() => stop.run(async () => (await conn.call("stop"), "Stopped."))}>
              Stop
            </button>
            <Notice error={stop.error} message={stop.message} />
          </div>
          <WritePlayingButton />
        </div>
      </section>
      <MusicCard />
      <section aria-labelledby="h-token">
        <h2 id="h-token">Last scanned tag</h2>
        <div class="card" data-testid="last-token" aria-live="polite">
          {t ? (
            <>
              <p class="title mono">{t.text || toyLabel(t) || "(no text)"}</p>
              <p class="sub">
                {t.uid ? `UID ${t.uid} · ` : ""}
                {new Date(t.scanTime).toLocaleTimeString()}
              </p>
            </>
          ) : (
            <p class="sub">No tag scanned yet.</p>
          )}
        </div>
      </section>
      <section aria-labelledby="h-readers">
        <h2 id="h-readers">Readers</h2>
        {live.readers.length === 0 ? (
          <p class="sub">No reader is connected.</p>
        ) : (
          <ul class="list" data-testid="readers">
            {live.readers.map((r) => (
              <li key={r.id}>
                <span class="title">{r.info || r.driver}</span>
                <span class={r.connected ? "ok" : "bad"}>{r.connected ? "connected" : "disconnected"}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

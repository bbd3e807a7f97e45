import { useAction, useApp, useLive } from "../hooks.ts";
import { Notice } from "./notice.tsx";

/**
 * Music in the background slot (a `playlist.*` or a file run with `?slot=background`), beside whatever game
 * runs: the track, Pause / Resume, Next (in a playlist) and Stop. Hidden while no music plays.
 */
export function MusicCard() {
  const { conn, live } = useApp();
  const state = useLive();
  const act = useAction();
  const music = state.music;
  if (!music) return null;
  const control = (action: string, done: string, paused?: boolean) =>
    act.run(async () => {
      await conn.call("media.control", { action, slot: "background" });
      await live.refreshMedia(paused);
      return done;
    });
  const canNext = music.launcherControls?.includes("next") ?? false;
  return (
    <section aria-labelledby="h-music">
      <h2 id="h-music">Music</h2>
      <div class="card" data-testid="music">
        <p class="title">{music.mediaName}</p>
        <p class="sub">{state.musicPaused ? "Paused" : "Playing in the background"}</p>
        <div class="row">
          {state.musicPaused ? (
            <button type="button" disabled={act.busy} onClick={() => control("resume", "Resumed.", false)}>
              Resume
            </button>
          ) : (
            <button type="button" disabled={act.busy} onClick={() => control("pause", "Paused.", true)}>
              Pause
            </button>
          )}
          {canNext && (
            <button type="button" disabled={act.busy} onClick={() => control("next", "Next track.")}>
              Next
            </button>
          )}
          <button type="button" disabled={act.busy} onClick={() => control("stop", "Music stopped.")}>
            Stop music
          </button>
          <Notice error={act.error} message={act.message} />
        </div>
      </div>
    </section>
  );
}

import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { type KodiStandIn, startKodiStandIn } from "../../fixtures/kodi-standin.ts";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { tempDir } from "../../fixtures/service.ts";

/** `control:<action>` on Kodi's launchers: the reference's actions on Kodi's first active player (JSON-RPC stand-in). */
let kodi: KodiStandIn;
let media: string;

beforeAll(async () => {
  kodi = await startKodiStandIn();
  media = tempDir("tapserve-kodi-controls-");
});

afterAll(async () => {
  await kodi.close();
  rmSync(media, { recursive: true, force: true });
});

test("toggle_pause, fast_forward, rewind, next and previous reach Kodi's active player; the launcher lists its actions", async () => {
  const env = makeCore({ platform: "libreelec", configToml: `[platforms]\nkodi_url = "${kodi.url}"\ntimeout = 0.5\npoll_interval = 0.05\n` });
  const { launch, run } = makeLaunch(env, { platform: { startWindowMs: 2000 } });
  try {
    expect(await run("**control:toggle_pause")).toMatchObject({ success: false, error: expect.stringContaining("no active media") });
    expect(await run("kodi-movie://12/The%20Big%20Film")).toMatchObject({ success: true });
    expect(launch.activeMedia()?.launcherControls).toEqual(["fast_forward", "next", "previous", "rewind", "stop", "toggle_pause"]);
    kodi.calls.length = 0;
    for (const a of ["toggle_pause", "fast_forward", "rewind", "next", "previous"]) expect(await run(`**control:${a}`)).toMatchObject({ success: true });
    const sent = kodi.calls.filter((c) => !["Player.GetActivePlayers", "Player.GetItem"].includes(c.method));
    expect(sent).toEqual([
      { method: "Player.PlayPause", params: { playerid: 1 } },
      { method: "Player.SetSpeed", params: { playerid: 1, speed: "increment" } },
      { method: "Player.SetSpeed", params: { playerid: 1, speed: "decrement" } },
      { method: "Player.GoTo", params: { playerid: 1, to: "next" } },
      { method: "Player.GoTo", params: { playerid: 1, to: "previous" } },
    ]);
    expect(await run("**control:save_state")).toMatchObject({ success: false, error: expect.stringContaining('"save_state" not supported by launcher KodiMovie') });
  } finally {
    await launch.stop();
    env.close();
  }
});

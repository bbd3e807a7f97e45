import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { rfc3339, type ScannedToken } from "../../../src/core/token.ts";
import { closedPort } from "../../fixtures/http-standin.ts";
import { type KodiStandIn, startKodiStandIn } from "../../fixtures/kodi-standin.ts";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { waitFor, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/** Kodi (LibreELEC): launches, "now playing" and stop through Kodi's JSON-RPC, stood in for on loopback. */
let kodi: KodiStandIn;
let media: string;

const token = (text: string): ScannedToken => ({ type: "test", uid: "", text, data: "", scanTime: rfc3339(), source: "api" });
const POLLS = new Set(["Player.GetActivePlayers", "Player.GetItem"]);

function moduleFor(url: string, extra = "") {
  const env = makeCore({ platform: "libreelec", configToml: `[platforms]\nkodi_url = "${url}"\ntimeout = 0.5\npoll_interval = 0.05\n${extra}` });
  const launch = makeLaunch(env, { platform: { startWindowMs: 2000 } });
  const mod = launch.launch;
  return {
    env,
    mod,
    run: (text: string) => launch.run(text),
    async close() {
      await mod.stop();
      env.close();
    },
  };
}

/** What the service asked Kodi to do, without the "now playing" polls. */
const actions = () => kodi.calls.filter((c) => !POLLS.has(c.method));

beforeAll(async () => {
  kodi = await startKodiStandIn();
  media = tempDir("tapserve-kodi-");
  writeFiles(media, ["videos/Holiday Clip.mkv", "music/Track.flac", "roms/snes/Game.sfc"]);
});

afterAll(async () => {
  await kodi.close();
  rmSync(media, { recursive: true, force: true });
});

afterEach(() => {
  kodi.calls.length = 0;
  kodi.requests.length = 0;
  kodi.playing = null;
  kodi.credentials = "";
  kodi.slow = false;
});

describe("Kodi launchers (JSON-RPC)", () => {
  test("a movie is Player.Open {item:{movieid}, options:{resume:true}} in a JSON-RPC 2.0 POST to /jsonrpc", async () => {
    const m = moduleFor(kodi.url);
    try {
      expect(await m.run("kodi-movie://12/The%20Big%20Film")).toMatchObject({ success: true, error: "" });
      expect(actions()).toEqual([{ method: "Player.Open", params: { item: { movieid: 12 }, options: { resume: true } } }]);
      const req = kodi.requests.find((r) => r.body.includes("Player.Open"))!;
      expect(req).toMatchObject({ method: "POST", path: "/jsonrpc", contentType: "application/json" });
      expect(JSON.parse(req.body)).toMatchObject({ jsonrpc: "2.0", id: expect.stringMatching(/^[0-9a-f-]{36}$/), method: "Player.Open" });
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "KodiMovie", systemId: "Movie", systemName: "Movie", mediaName: "The Big Film" });
    } finally {
      await m.close();
    }
  });

  test("a TV show plays as a playlist of its episodes", async () => {
    const m = moduleFor(kodi.url);
    try {
      expect(await m.run("kodi-show://5/A%20Show")).toMatchObject({ success: true });
      expect(actions()).toEqual([
        { method: "VideoLibrary.GetEpisodes", params: { tvshowid: 5 } },
        { method: "Playlist.Clear", params: { playlistid: 1 } },
        { method: "Playlist.Add", params: { playlistid: 1, item: [{ episodeid: 101 }, { episodeid: 102 }] } },
        { method: "Player.Open", params: { item: { playlistid: 1 } } },
      ]);
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "KodiTVShow", systemId: "TVShow" });
    } finally {
      await m.close();
    }
  });

  test("a video file in a videos folder plays by its path; an audio file in music too; game files are not Kodi's", async () => {
    const m = moduleFor(kodi.url);
    try {
      const clip = join(media, "videos/Holiday Clip.mkv");
      expect(await m.run(clip)).toMatchObject({ success: true });
      expect(actions()).toEqual([{ method: "Player.Open", params: { item: { file: clip }, options: { resume: true } } }]);
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "KodiLocalVideo", systemId: "Video", mediaName: "Holiday Clip" });
      kodi.calls.length = 0;
      const track = join(media, "music/Track.flac");
      expect(await m.run(track)).toMatchObject({ success: true });
      expect(actions().at(-1)).toEqual({ method: "Player.Open", params: { item: { file: track }, options: { resume: true } } });
      expect(m.mod.activeMedia()).toMatchObject({ launcherId: "KodiLocalAudio", systemId: "MusicTrack" });
      const h = await m.run(join(media, "roms/snes/Game.sfc"));
      expect(h).toMatchObject({ success: false, error: expect.stringContaining("no launcher") });
    } finally {
      await m.close();
    }
  });

  test("what Kodi plays becomes the active media; stop is Player.Stop for each active player", async () => {
    const m = moduleFor(kodi.url);
    m.mod.start();
    try {
      kodi.playing = { playerid: 1, type: "video", item: { type: "movie", id: 12, title: "The Big Film", file: "/storage/videos/The Big Film.mkv" } };
      const active = await waitFor(() => m.mod.activeMedia() ?? undefined, "Kodi's movie to become active");
      expect(active).toMatchObject({ launcherId: "KodiMovie", systemId: "Movie", mediaPath: "kodi-movie://12/The%20Big%20Film", mediaName: "The Big Film" });
      expect(m.env.notes.find((n) => n.method === "media.started")?.params).toMatchObject({ systemId: "Movie", mediaName: "The Big Film" });
      kodi.calls.length = 0;
      await m.mod.stopActive();
      expect(actions()).toEqual([{ method: "Player.Stop", params: { playerid: 1 } }]);
      expect(m.mod.activeMedia()).toBeNull();
      expect(kodi.playing).toBeNull();
    } finally {
      await m.close();
    }
  });

  test("Kodi ending playback on its own ends the active media", async () => {
    const m = moduleFor(kodi.url);
    m.mod.start();
    try {
      await m.run("kodi-movie://12/The%20Big%20Film");
      await waitFor(() => kodi.calls.some((c) => c.method === "Player.GetItem"), "a now-playing poll");
      kodi.playing = null;
      await waitFor(() => m.mod.activeMedia() === null, "the movie to end");
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "KodiMovie", mediaName: "The Big Film" });
    } finally {
      await m.close();
    }
  });

  test("a JSON-RPC error is a failure carrying Kodi's message", async () => {
    const m = moduleFor(kodi.url);
    try {
      expect(await m.run("kodi-movie://99/Missing")).toMatchObject({ success: false, error: "KodiMovie: Kodi refused Player.Open: Invalid params. (-32602)" });
      expect(m.mod.activeMedia()).toBeNull();
    } finally {
      await m.close();
    }
  });

  test("Kodi with a password: HTTP Basic from the config; a wrong one fails with Kodi's 401", async () => {
    kodi.credentials = "kodi:secret";
    const good = moduleFor(kodi.url, 'kodi_user = "kodi"\nkodi_password = "secret"\n');
    try {
      expect(await good.run("kodi-movie://12/The%20Big%20Film")).toMatchObject({ success: true });
    } finally {
      await good.close();
    }
    const bad = moduleFor(kodi.url, 'kodi_user = "kodi"\nkodi_password = "wrong"\n');
    try {
      expect(await bad.run("kodi-movie://12/The%20Big%20Film")).toMatchObject({ success: false, error: expect.stringContaining("Kodi at http://127.0.0.1") });
      expect((await bad.run("kodi-movie://12/x")).error).toContain("answered HTTP 401: 401 Unauthorized");
    } finally {
      await bad.close();
    }
  });

  test("Kodi down or hung: a clear failure within the time-out", async () => {
    const down = moduleFor(`127.0.0.1:${await closedPort()}`);
    try {
      expect((await down.run("kodi-movie://12/x")).error).toMatch(/^KodiMovie: Kodi at http:\/\/127\.0\.0\.1:\d+ is not reachable: connection refused$/);
    } finally {
      await down.close();
    }
    kodi.slow = true;
    const hung = moduleFor(kodi.url);
    try {
      expect((await hung.run("kodi-movie://12/x")).error).toBe(`KodiMovie: Kodi at ${kodi.url} did not answer within 0.5 s`);
    } finally {
      await hung.close();
    }
  });
});

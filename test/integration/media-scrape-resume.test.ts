import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { type } from "arktype";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, runChild, waitHealthy, type ChildService } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir } from "../fixtures/service.ts";
import { ScrapingStatus } from "../../src/core/wire/index.ts";

/**
 * A scrape cut off by a power cut (SIGKILL of the service mid-scrape): after the restart media.scrape.status reports
 * it paused with the counts of the systems it had finished, and media.scrape.resume goes on from there (the
 * finished systems are not scraped again) to the end.
 */
const SYSTEMS = [
  { folder: "SNES", ext: ".sfc" },
  { folder: "NES", ext: ".nes" },
  { folder: "Genesis", ext: ".md" },
  { folder: "GBA", ext: ".gba" },
  { folder: "N64", ext: ".z64" },
];
const PER_SYSTEM = 4000;

function writeSystems(roms: string): void {
  for (const s of SYSTEMS) {
    const dir = join(roms, s.folder);
    mkdirSync(dir, { recursive: true });
    const games: string[] = [];
    for (let i = 0; i < PER_SYSTEM; i++) {
      const file = `${s.folder} Game ${i} (USA)${s.ext}`;
      writeFileSync(join(dir, file), "");
      games.push(`  <game><path>./${file}</path><name>${s.folder} Game ${i}</name><desc>Game number ${i}.</desc><developer>Studio ${i % 7}</developer><releasedate>19950101T000000</releasedate></game>`);
    }
    writeFileSync(join(dir, "gamelist.xml"), `<?xml version="1.0"?>\n<gameList>\n${games.join("\n")}\n</gameList>\n`);
  }
}

/** Systems the scrape record in media.db says are finished (-1: no record yet). */
function finishedSystems(dbPath: string): number {
  try {
    const db = new Database(dbPath, { readonly: true });
    try {
      const row = db.query("SELECT value FROM scrape_run WHERE key = 'run'").get() as { value: string } | null;
      return row ? (JSON.parse(row.value) as { done: string[] }).done.length : -1;
    } finally {
      db.close();
    }
  } catch {
    return -1; // busy or not yet there
  }
}

const valid = (v: unknown): ScrapingStatus => {
  const r = ScrapingStatus(v);
  if (r instanceof type.errors) throw new Error(r.summary);
  return r;
};

describe("scrape resume after a power cut", () => {
  test("SIGKILL mid-scrape: reported paused after the restart; media.scrape.resume goes on after the finished systems", async () => {
    const root = tempDir("tapserve-scrape-resume-");
    const roms = join(root, "roms");
    const dataDir = join(root, "data");
    writeSystems(roms);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "config.toml"), `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n`);
    const port = await freePort();
    const start = async (): Promise<[ChildService, RpcClient]> => {
      const child = runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"]);
      await waitHealthy(port, child);
      return [child, await RpcClient.connect(`ws://127.0.0.1:${port}/`)];
    };
    let [child, c] = await start();
    try {
      expect(await c.call("media.index")).toBeNull();
      expect(await c.call("media.scrape", { scraperId: "gamelist.xml", force: true })).toBeNull();
      // killed as soon as the record holds a finished system (watched without yielding)
      const dbPath = join(dataDir, "media.db");
      const deadline = Date.now() + 60_000;
      let committed = finishedSystems(dbPath);
      while (committed < 1) {
        if (Date.now() > deadline) throw new Error("no system was finished within 60 s");
        committed = finishedSystems(dbPath);
      }
      child.proc.kill("SIGKILL");
      expect((await child.exited).signal).toBe("SIGKILL");
      c.close();
      committed = finishedSystems(dbPath);
      expect(committed).toBeGreaterThanOrEqual(1);
      expect(committed).toBeLessThan(SYSTEMS.length); // cut off mid-run

      [child, c] = await start();
      const paused = valid(await c.call("media.scrape.status"));
      expect(paused).toMatchObject({
        scraperId: "gamelist.xml",
        state: "paused",
        scraping: true,
        paused: true,
        done: false,
        force: true,
        totalSteps: SYSTEMS.length,
        currentStep: committed + 1,
        processed: committed * PER_SYSTEM,
        matched: committed * PER_SYSTEM,
      });
      // a new scrape is refused while one is paused
      await expect(c.call("media.scrape", { scraperId: "media-folder" })).rejects.toMatchObject({ code: 1002 });

      c.notifications.length = 0;
      expect(await c.call("media.scrape.resume")).toEqual({ message: "Media scraping resumed" });
      const last = valid(await c.waitForNotification<ScrapingStatus>("media.scraping", (p) => p.done, 120_000));
      const seen = c.notifications.filter((n) => n.method === "media.scraping").map((n) => valid(n.params));
      // never back to a finished system: every step reported is after them, and the counts only grow from theirs
      for (const s of seen) {
        if (s.currentStep !== undefined) expect(s.currentStep).toBeGreaterThan(committed);
        expect(s.processed).toBeGreaterThanOrEqual(committed * PER_SYSTEM);
      }
      expect(last).toMatchObject({ state: "completed", done: true, scraping: false, paused: false, processed: SYSTEMS.length * PER_SYSTEM });
      expect(last.matched + last.skipped).toBe(SYSTEMS.length * PER_SYSTEM);
      expect(child.output()).toContain(`resuming the interrupted gamelist.xml scrape: ${committed} of ${SYSTEMS.length} systems were finished before`);
      expect(valid(await c.call("media.scrape.status"))).toMatchObject({ state: "completed", scraping: false });
      expect(await c.call("media.scrape.resume")).toEqual({ message: "Media scraping is not paused" });
      const found = await c.call<{ results: Array<{ path: string }> }>("media.search", { query: "n64 game 12 usa" });
      const meta = await c.call<{ media: { title: { properties: Record<string, { text: string }> } } }>("media.meta", { path: found.results[0]!.path });
      expect(meta.media.title.properties["property:description"]?.text).toMatch(/^Game number \d+\.$/);
    } finally {
      c.close();
      child.proc.kill("SIGTERM");
      await child.exited;
      rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);

  test("a stop mid-scrape keeps it paused for the next start; media.scrape.cancel drops a paused scrape", async () => {
    const root = tempDir("tapserve-scrape-stop-");
    const roms = join(root, "roms");
    const dataDir = join(root, "data");
    mkdirSync(dataDir, { recursive: true });
    for (const s of SYSTEMS.slice(0, 2)) {
      mkdirSync(join(roms, s.folder), { recursive: true });
      writeFileSync(join(roms, s.folder, `Game (USA)${s.ext}`), "");
      writeFileSync(join(roms, s.folder, "gamelist.xml"), `<gameList><game><path>./Game (USA)${s.ext}</path><name>Game</name><desc>A game.</desc></game></gameList>`);
    }
    const configToml = `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n`;
    let svc = await startService({ dataDir, configToml });
    try {
      const c = await svc.connect();
      await c.call("media.index");
      svc.app.running().media.scrape.start("gamelist.xml", [], false);
      await svc.stop(); // the run stops at its next step, its record kept

      svc = await startService({ dataDir, configToml });
      const c2 = await svc.connect();
      expect(valid(await c2.call("media.scrape.status"))).toMatchObject({ scraperId: "gamelist.xml", state: "paused", paused: true, scraping: true, done: false, totalSteps: 2, currentStep: 1, processed: 0 });
      expect(await c2.call("media.scrape.cancel")).toEqual({ message: "scraping cancelled" });
      expect(valid(await c2.call("media.scrape.status"))).toMatchObject({ state: "cancelled", scraping: false, done: true, paused: false });
      expect(await c2.call("media.scrape.resume")).toEqual({ message: "Media scraping is not paused" });
      c2.notifications.length = 0;
      expect(await c2.call("media.scrape", { scraperId: "gamelist.xml" })).toBeNull();
      const last = valid(await c2.waitForNotification<ScrapingStatus>("media.scraping", (p) => p.done));
      expect(last).toMatchObject({ state: "completed", matched: 2 });
    } finally {
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

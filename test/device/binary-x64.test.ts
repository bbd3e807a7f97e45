import { beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { DistArtifact } from "../../build/release/build.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_API_VERSION, distArtifact } from "../fixtures/dist-build.ts";
import { childReaper, scratchDirs } from "../fixtures/test-cleanup.ts";
import { freePort, runChild, waitHealthy } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { writeTree } from "../fixtures/rom-tree.ts";

const scratch = scratchDirs();
const reap = childReaper();
let x64: DistArtifact;
let baseline: DistArtifact;
beforeAll(async () => {
  x64 = await distArtifact("linux-x64");
  baseline = await distArtifact("linux-x64-baseline");
}, BUILD_TIMEOUT_MS);

/** Unpacks a release archive the way a user does and returns the binary's path. */
function unpack(a: DistArtifact): string {
  const into = scratch("tapserve-unpack-");
  execFileSync("tar", ["-xzf", a.archive, "-C", into]);
  return join(into, basename(a.archive, ".tar.gz"), "tapserve");
}

describe("the compiled x64 binary, run as a user would", () => {
  test("first start creates config and database and says where; answers over WebSocket; SIGTERM exits 0", async () => {
    const binary = unpack(x64);
    const dataDir = join(scratch(), "data"); // does not exist yet: a new device
    const port = await freePort();
    const child = reap(runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], { command: binary }));
    await waitHealthy(port, child);
    expect(child.output()).toContain(`created config ${join(dataDir, "config.toml")}; data in ${dataDir}`);
    expect(statSync(join(dataDir, "config.toml")).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, "user.db"))).toBe(true);

    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    expect(await c.call("version")).toEqual({ version: DIST_TEST_API_VERSION, platform: "linux" });
    c.close();
    child.proc.kill("SIGTERM");
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const again = reap(runChild(["--data-dir", dataDir, "--host", "127.0.0.1"], { command: binary, env: { TAPSERVE_PORT: String(port) } }));
    await waitHealthy(port, again);
    expect(again.output()).toContain(`loaded config ${join(dataDir, "config.toml")}`);
    again.proc.kill("SIGTERM");
    expect((await again.exited).code).toBe(0);
    // what the check made of the file is kept for the next start; an edited file is checked again all the same
    expect(statSync(join(dataDir, "config.checked.json")).mode & 0o777).toBe(0o600);
    const configPath = join(dataDir, "config.toml");
    writeFileSync(configPath, readFileSync(configPath, "utf8").replace(/^api_port = \d+$/m, 'api_port = "seven"'));
    const edited = reap(runChild(["--data-dir", dataDir, "--host", "127.0.0.1"], { command: binary, env: { TAPSERVE_PORT: String(port) } }));
    expect((await edited.exited).code).toBe(78);
    expect(edited.output()).toContain("api_port");
  });

  test("labels render from the binary alone: the fonts are built in (cards.render, a PDF and a PNG)", async () => {
    const binary = unpack(x64);
    const port = await freePort();
    const child = reap(runChild(["--data-dir", scratch(), "--port", String(port), "--host", "127.0.0.1"], { command: binary }));
    await waitHealthy(port, child);
    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    const items = [{ path: "SNES/Ōkami (Japan).sfc", systemId: "SNES", systemName: "Super Nintendo", title: "Ōkami Пример", script: "@SNES/Okami" }];
    const pdf = await c.call<{ data: string; pages: number }>("cards.render", { items });
    expect(Buffer.from(pdf.data, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.pages).toBe(1);
    const png = await c.call<{ data: string; width: number }>("cards.render", { items, format: "png", dpi: 72 });
    expect(Buffer.from(png.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(png.width).toBeGreaterThan(200);
    c.close();
    child.proc.kill("SIGTERM");
    expect((await child.exited).code).toBe(0);
  });

  test("the baseline build (x86-64 without AVX2) serves the same", async () => {
    const dataDir = scratch();
    const port = await freePort();
    const child = reap(runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], { command: baseline.binary }));
    await waitHealthy(port, child);
    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    expect(await c.call("version")).toEqual({ version: DIST_TEST_API_VERSION, platform: "linux" });
    c.close();
    child.proc.kill("SIGTERM");
    expect(await child.exited).toEqual({ code: 0, signal: null });
  });

  test("indexes with its threads: a full run's second thread walks and writes the rows, a partial run's builds the lists", async () => {
    const root = scratch();
    const roms = join(root, "roms");
    const dataDir = join(root, "data");
    writeTree(roms, [{ folder: "SNES", ext: ".sfc" }, { folder: "Genesis", ext: ".md" }], 3_000);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "config.toml"), `[launchers]\nindex_root = ["${roms}"]\n`);
    const port = await freePort();
    const child = reap(runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], { command: x64.binary }));
    await waitHealthy(port, child);
    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    /** Media rows that store their title (a run written by the service's thread) and those that do not (by a split's). */
    const stored = () => {
      const db = new Database(join(dataDir, "media.db"), { readonly: true });
      try {
        return db.prepare("SELECT count(title) AS titled, count(*) - count(title) AS named FROM media").get() as { titled: number; named: number };
      } finally {
        db.close();
      }
    };
    try {
      expect(await c.call("media.index")).toBeNull();
      expect(stored()).toEqual({ titled: 0, named: 3_000 }); // the split's thread ran from inside the binary
      const page = await c.call<{ results: Array<{ name: string; tags: unknown[] }>; total: number }>("media.search", { query: "" });
      expect(page.total).toBe(3_000);
      expect(page.results[0]?.name).toBeTruthy();
      expect(page.results[0]?.tags.length).toBeGreaterThan(0);
      // one system only, changed: the writer writes the file (every row titled), its lists built in the other thread
      writeFileSync(join(roms, "SNES", "Added Game (USA).sfc"), "");
      expect(await c.call("media.index", { systems: ["SNES"] })).toBeNull();
      expect(stored()).toEqual({ titled: 3_001, named: 0 });
      expect((await c.call<{ total: number }>("media.search", { query: "added game" })).total).toBe(1);
      expect(child.output()).not.toContain("did not start");
    } finally {
      c.close();
      child.proc.kill("SIGTERM");
      await child.exited;
    }
  });

  test("bad flags get a clear message and exit 2, without starting", () => {
    let status = 0;
    let stderr = "";
    try {
      execFileSync(x64.binary, ["--port", "99999"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (err) {
      status = (err as { status: number }).status;
      stderr = String((err as { stderr: string }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toContain("invalid port: 99999");
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import { BUN, ROOT, runChild } from "../fixtures/process.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/** `tapserve index` from a shell against a running service: progress, the total, a subset, errors. */
let root: string;
let svc: TestService;

beforeAll(async () => {
  root = tempDir("tapserve-cli-index-");
  writeFiles(join(root, "roms"), [
    "SNES/Super Mario World (USA).sfc",
    "SNES/Nested/Donkey Kong Country (USA).sfc",
    "NES/Zelda (Europe).nes",
    "Genesis/Sonic — The Hedgehog [!].md",
  ]);
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n` });
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Runs the CLI inside a pseudo-terminal (util-linux `script`), as a user at a shell would. */
function inTerminal(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = [BUN, join(ROOT, "src/main.ts"), ...args].map((a) => `'${a}'`).join(" ");
  const child = spawn("script", ["-qefc", command, "/dev/null"], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, COLUMNS: "100" } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("tapserve index", () => {
  test("on a terminal: a redrawn progress bar, then the total", async () => {
    const { code, output } = await inTerminal(["index", "--port", String(svc.port)]);
    expect(code).toBe(0);
    expect(output).toMatch(/\r\[[#-]+\] \d+\/\d+ /);
    expect(output).toContain("index complete: 4 media");
  });

  test("in a pipe: one plain line per system, then the total; the index answers searches", async () => {
    const child = runChild(["index", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(0);
    const lines = child.output().trim().split("\n");
    expect(lines.at(-1)).toBe("index complete: 4 media");
    expect(lines.slice(0, -1).every((l) => /^indexing \d+\/\d+/.test(l))).toBeTrue();
    expect(child.output()).not.toContain("\r");
    const c = await svc.connect();
    expect(await c.call("media.search", { query: "sonic" })).toMatchObject({ total: 1 });
  });

  test("naming systems re-indexes only those", async () => {
    const child = runChild(["index", "NES", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(0);
    expect(child.output()).toContain("index complete: 4 media (re-indexed NES)");
  });

  test("watch prints a media.indexing line while an index runs, and ends cleanly on Ctrl-C", async () => {
    const watch = runChild(["watch", "--port", String(svc.port)]);
    try {
      // connected once a notification of any kind can reach it: index until a line shows up
      const deadline = Date.now() + 20_000;
      while (!watch.output().includes('"media.indexing"') && Date.now() < deadline) {
        const idx = runChild(["index", "--port", String(svc.port)]);
        expect((await idx.exited).code).toBe(0);
      }
      const lines = watch.output().trim().split("\n").filter((l) => l.includes('"media.indexing"'));
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(JSON.parse(l)).toMatchObject({ method: "media.indexing", params: { exists: expect.any(Boolean), indexing: expect.any(Boolean) } });
      expect(lines.map((l) => JSON.parse(l).params.indexing)).toContain(false); // the run's last notification
    } finally {
      watch.proc.kill("SIGINT");
    }
    expect((await watch.exited).code).toBe(0);
  });

  test("an unknown system is the service's error, exit 1; no service is exit 3", async () => {
    const bad = runChild(["index", "NoSuchSystem", "--port", String(svc.port)]);
    expect((await bad.exited).code).toBe(1);
    expect(bad.output()).toMatch(/NoSuchSystem/);
    const down = runChild(["index", "--url", "ws://127.0.0.1:1/"]);
    expect((await down.exited).code).toBe(3);
    expect(down.output()).toContain("cannot reach the service");
  });
});

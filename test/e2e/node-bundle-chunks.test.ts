/**
 * The Node bundle (what MiSTer runs) is an entry file and its chunks in lib/, each named by a hash of its
 * content (build/armv7/bundle.ts): a start reads only what it imports, and what a check of config.toml made of it
 * is remembered per code (config.checked.json, keyed by the runtime's code stamp), which any changed chunk changes.
 */
import { describe, expect, test } from "bun:test";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { NODE_CHUNK_DIR } from "../../build/armv7/bundle.ts";
import { freePort, runChild, waitHealthy } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { nodeBundle, nodeX64, RUNTIME_SETUP_TIMEOUT_MS } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

describe("the Node bundle in chunks", () => {
  test("the label fonts and the web page's assets are chunks of their own, not in the entry's", async () => {
    const entry = await nodeBundle();
    const chunks = readdirSync(join(dirname(entry), NODE_CHUNK_DIR));
    expect(chunks.every((c) => /^[\w.-]+-[a-z0-9]{8}\.mjs$/.test(c))).toBe(true);
    expect(chunks.some((c) => c.startsWith("label-fonts-"))).toBe(true);
    expect(chunks.some((c) => c.startsWith("assets-"))).toBe(true);
    // the entry itself is small: it loads the rest
    expect(readFileSync(entry, "utf8").length).toBeLessThan(100_000);
  }, RUNTIME_SETUP_TIMEOUT_MS);

  test("a restart reads the checked config; a changed chunk folder has it checked again", async () => {
    const built = dirname(await nodeBundle());
    const folder = tempDir("tapserve-node-chunks-");
    const dataDir = tempDir("tapserve-node-chunks-data-");
    try {
      cpSync(built, folder, { recursive: true });
      const port = await freePort();
      const record = () => (JSON.parse(readFileSync(join(dataDir, "config.checked.json"), "utf8")) as { key: string }).key;
      const startAndStop = async () => {
        const child = runChild([join(folder, "tapserve.mjs"), "--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], { command: nodeX64() });
        await waitHealthy(port, child);
        const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
        expect(((await c.call("version")) as { platform: string }).platform).toBeString();
        c.close();
        child.proc.kill("SIGTERM");
        expect((await child.exited).code).toBe(0);
      };
      await startAndStop(); // a new device: config written, and recorded as checked
      const first = record();
      await startAndStop();
      expect(record()).toBe(first);
      writeFileSync(join(folder, NODE_CHUNK_DIR, "extra-00000000.mjs"), "export {};\n"); // a chunk another build has
      await startAndStop();
      expect(record()).not.toBe(first);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, RUNTIME_SETUP_TIMEOUT_MS);
});

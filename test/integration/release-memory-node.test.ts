/**
 * On Node (MiSTer), memory goes back once the service is quiet after work (service/idle-memory.ts) through the
 * runtime's releaseMemory: a full collection that also hands V8's emptied pages back. start.sh lets the service
 * ask for it (--expose-gc); without that flag it does nothing and fails nothing.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RUNTIME_SETUP_TIMEOUT_MS, scriptOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

const dir = tempDir("tapserve-release-node-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = `
const garbage: object[] = [];
for (let i = 0; i < 300_000; i++) garbage.push({ i, text: "x".repeat(64) + i });
const before = process.memoryUsage().heapTotal;
garbage.length = 0;
runtime.releaseMemory?.();
const after = process.memoryUsage().heapTotal;
console.log(JSON.stringify({ before, after }));
`;

async function heapAround(nodeFlags: string[]): Promise<{ before: number; after: number }> {
  const child = scriptOnRuntime("node", dir, program, [], nodeFlags);
  expect((await child.exited).code).toBe(0);
  return JSON.parse(child.output().trim().split("\n").at(-1)!);
}

describe("releasing memory on Node", () => {
  test("with start.sh's --expose-gc, an emptied heap is handed back at once", async () => {
    expect(readFileSync(join(import.meta.dir, "../../deploy/mister/start.sh"), "utf8")).toMatch(/^V8_FLAGS="[^"]*--expose-gc/m);
    const { before, after } = await heapAround(["--expose-gc", "--optimize-for-size"]);
    expect(before).toBeGreaterThan(40 * 2 ** 20);
    expect(after).toBeLessThan(before / 4);
  }, RUNTIME_SETUP_TIMEOUT_MS);

  test("without it, the release does nothing and fails nothing", async () => {
    const { before, after } = await heapAround([]);
    expect(after).toBeGreaterThan(before / 2);
  }, RUNTIME_SETUP_TIMEOUT_MS);
});

/**
 * The smaller hardening rules of issue 20 (item 7), through the API of the real service: token size caps,
 * mapping count and size caps, log lines that stay one escaped line whatever a token holds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;

beforeAll(async () => {
  svc = await startService();
  c = await svc.connect();
});
afterAll(async () => {
  await svc?.stop();
});

const history = async () => (await c.call<{ entries: Array<{ text: string }> }>("tokens.history")).entries;

describe("token size", () => {
  test("launch and run refuse text, uid or data over 8 KiB with -32602; nothing is queued", async () => {
    const before = (await history()).length;
    for (const [method, params] of [
      ["launch", { text: `**echo:${"x".repeat(8193)}` }],
      ["launch", { uid: "a".repeat(8193) }],
      ["launch", { data: "ab".repeat(8193) }],
      ["run", { text: "é".repeat(4097) }], // 8194 bytes of UTF-8
      ["launch", `**echo:${"x".repeat(9000)}`],
    ] as const) {
      const r = await c.request(method, params);
      expect({ method, code: r.error?.code, msg: /token too large/.test(r.error?.message ?? "") }).toEqual({ method, code: -32602, msg: true });
    }
    expect(await c.call("launch", { text: `**echo:${"x".repeat(8000)}` })).toBeNull();
    await waitFor(async () => (await history()).length === before + 1, "the allowed launch");
  });

  test("GET /l/ refuses a script over 8 KiB (413) and runs nothing", async () => {
    const before = (await history()).length;
    const r = await fetch(`${svc.http}/l/${encodeURIComponent(`**echo:${"y".repeat(8200)}`)}`);
    expect(r.status).toBe(413);
    expect(await r.text()).toContain("token too large");
    expect((await history()).length).toBe(before);
  });
});

describe("mappings", () => {
  test("pattern, override and label are bounded at mappings.new and mappings.update (-32602)", async () => {
    const base = { enabled: true, type: "text", match: "exact" };
    for (const params of [
      { ...base, pattern: "p".repeat(1025), override: "x" },
      { ...base, pattern: "p", override: "o".repeat(8193) },
      { ...base, pattern: "p", override: "x", label: "l".repeat(257) },
    ]) {
      expect((await c.request("mappings.new", params)).error?.code).toBe(-32602);
    }
    const { id } = await c.call<{ id: number }>("mappings.new", { ...base, pattern: "p", override: "x" });
    expect((await c.request("mappings.update", { id, override: "o".repeat(8193) })).error?.code).toBe(-32602);
    expect((await c.call<{ mappings: Array<{ override: string }> }>("mappings")).mappings[0]?.override).toBe("x");
  });

  test("at most 1000 mappings; the next is refused with -32602", async () => {
    const have = (await c.call<{ mappings: unknown[] }>("mappings")).mappings.length;
    const made = await Promise.all(
      Array.from({ length: 1000 - have }, (_, i) => c.call<{ id: number }>("mappings.new", { enabled: false, type: "uid", match: "exact", pattern: `0${i}`, override: "x" })),
    );
    expect(made).toHaveLength(1000 - have);
    const r = await c.request("mappings.new", { enabled: false, type: "uid", match: "exact", pattern: "ff", override: "x" });
    expect(r.error).toMatchObject({ code: -32602, message: expect.stringContaining("too many mappings") });
  }, 60_000);
});

describe("log lines", () => {
  test("a token holding a newline and an ANSI escape logs as one escaped line", async () => {
    const text = "**no.such.command\n2026-01-01T00:00:00.000Z ERROR [fake log line]\x1b[31mred\x1b[0m";
    expect(await c.call("launch", { text })).toBeNull();
    const log = () => readFileSync(join(svc.dataDir, "service.log"), "utf8");
    const line = await waitFor(() => log().split("\n").find((l) => l.includes("no.such.command")), "the launch's log line");
    expect(line).toContain("\\n2026-01-01T00:00:00.000Z ERROR [fake log line]\\x1b[31mred\\x1b[0m");
    expect(log()).not.toContain("\x1b");
    expect(log().split("\n").filter((l) => l.startsWith("2026-01-01T00:00:00.000Z"))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";

let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  svc = await startService();
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
});

const newMapping = (m: Record<string, unknown>) =>
  client.call<{ id: number }>("mappings.new", { enabled: true, type: "text", match: "exact", pattern: "x", override: "**echo:x", ...m });

describe("mappings", () => {
  test("a uid mapping rewrites a token whose text is empty", async () => {
    const { id } = await newMapping({ label: "read-only tag", type: "uid", pattern: "04:AA:BB", override: "**echo:mapped" });
    expect(typeof id).toBe("number");
    const launching = client.waitForNotification<Record<string, unknown>>("launching", (p) => p.uid === "04:AA:BB");
    const entry = await launchAndWait(client, { uid: "04:AA:BB" });
    expect(await launching).toEqual({ type: "", uid: "04:AA:BB", text: "**echo:mapped", data: "" });
    expect(entry).toMatchObject({ uid: "04:AA:BB", text: "**echo:mapped", success: true });
    // the UID is normalised: spaces, colons and case do not matter
    expect(await launchAndWait(client, { uid: "04 aa bb" })).toMatchObject({ text: "**echo:mapped", success: true });
    await client.call("mappings.delete", { id });
  });

  test("the list sends ids as digit strings, label as a string, added as RFC 3339", async () => {
    const { id } = await newMapping({ pattern: "listed" });
    const { mappings } = await client.call<{ mappings: Array<Record<string, unknown>> }>("mappings");
    const m = mappings.find((x) => x.id === String(id));
    expect(m).toEqual({
      id: String(id),
      added: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/),
      label: "",
      enabled: true,
      type: "text",
      match: "exact",
      pattern: "listed",
      override: "**echo:x",
      source: "database",
      readOnly: false,
    });
    await client.call("mappings.delete", { id: String(id) });
  });

  test("update changes only the supplied keys and accepts a digit-string id; disabled mappings are not used", async () => {
    const { id } = await newMapping({ label: "L", type: "data", match: "partial", pattern: "CAFE", override: "**echo:data" });
    expect(await launchAndWait(client, { data: "00cafe00" })).toMatchObject({ text: "**echo:data", success: true });
    expect(await client.call("mappings.update", { id: String(id), enabled: false })).toBeNull();
    const { mappings } = await client.call<{ mappings: Array<Record<string, unknown>> }>("mappings");
    expect(mappings.find((x) => x.id === String(id))).toMatchObject({ label: "L", enabled: false, type: "data", match: "partial", pattern: "CAFE", override: "**echo:data" });
    expect(await launchAndWait(client, { data: "00cafe00" })).toMatchObject({ text: "", success: false });
    await client.call("mappings.delete", { id });
  });

  test("the first match in ascending id order wins", async () => {
    const a = await newMapping({ match: "regex", pattern: "^game", override: "**echo:first" });
    const b = await newMapping({ match: "partial", pattern: "game", override: "**echo:second" });
    expect(await launchAndWait(client, "game-1")).toMatchObject({ text: "**echo:first" });
    await client.call("mappings.delete", { id: a.id });
    expect(await launchAndWait(client, "game-1")).toMatchObject({ text: "**echo:second" });
    await client.call("mappings.delete", { id: b.id });
  });

  test.each([
    [{ enabled: true, type: "text", match: "regex", pattern: "(", override: "x" }],
    [{ enabled: true, type: "name", match: "exact", pattern: "a", override: "x" }],
    [{ enabled: true, type: "text", match: "fuzzy", pattern: "a", override: "x" }],
    [{ enabled: "yes", type: "text", match: "exact", pattern: "a", override: "x" }],
    [{ enabled: true, type: "text", match: "exact", pattern: "", override: "x" }],
    [{ type: "text", match: "exact", pattern: "a" }],
  ])("mappings.new %p is refused with -32602", async (params) => {
    expect((await client.request("mappings.new", params)).error?.code).toBe(-32602);
  });

  test("update to an invalid regex is refused with -32602", async () => {
    const { id } = await newMapping({ pattern: "p" });
    expect((await client.request("mappings.update", { id, match: "regex", pattern: "[" })).error?.code).toBe(-32602);
    expect((await client.request("mappings.update", { id: "abc" })).error?.code).toBe(-32602);
    await client.call("mappings.delete", { id });
  });

  test("unknown ids are a not-found domain error", async () => {
    expect((await client.request("mappings.update", { id: 999999, enabled: true })).error?.code).toBe(1001);
    expect((await client.request("mappings.delete", { id: "999999" })).error?.code).toBe(1001);
  });

  test("mappings survive a restart (real SQLite file)", async () => {
    const { id } = await newMapping({ pattern: "persisted" });
    const dataDir = svc.dataDir;
    const again = await startService({ dataDir });
    // a second service on the same data folder reads the same database
    const c2 = await again.connect();
    const { mappings } = await c2.call<{ mappings: Array<{ id: string; pattern: string }> }>("mappings");
    expect(mappings.find((m) => m.id === String(id))?.pattern).toBe("persisted");
    await again.stop();
    await client.call("mappings.delete", { id });
  });
});

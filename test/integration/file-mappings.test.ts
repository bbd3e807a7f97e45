/**
 * Read-only mappings from `<data>/mappings/*.toml` in the reference's format: listed with includeReadOnly, tried
 * after the database's, refused for update/delete, reloaded by mappings.reload; a bad file is skipped.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MappingsResult } from "../../src/core/wire/mappings.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;
const dataDir = tempDir();
const dir = join(dataDir, "mappings");

beforeAll(async () => {
  mkdirSync(join(dir, "nested"), { recursive: true });
  writeFileSync(
    join(dir, "a.toml"),
    `[[mappings.entry]]
token_key = "id"
match_pattern = "04:AA:BB:CC"
zapscript = "**echo:file-exact"

[[mappings.entry]]
token_key = "value"
match_pattern = "*card*"
zapscript = "**echo:file-partial"

[[mappings.entry]]
token_key = "value"
match_pattern = "/^re(g|x)$/"
zapscript = "**echo:file-regex"

[[mappings.entry]]
token_key = "value"
match_pattern = "/(a)\\\\1/"
zapscript = "**echo:never"
`,
  );
  writeFileSync(join(dir, "nested", "B.TOML"), `[[mappings.entry]]\ntoken_key = "data"\nmatch_pattern = "cafe"\nzapscript = "**echo:file-data"\n`);
  writeFileSync(join(dir, "broken.toml"), "[[mappings.entry]\nnot toml");
  writeFileSync(join(dir, "notes.txt"), "ignored");
  svc = await startService({ dataDir });
  c = await svc.connect("/api/v0.1");
});
afterAll(async () => {
  await svc.stop();
});

const list = async (params?: unknown) => MappingsResult.assert(await c.call("mappings", params)).mappings;

describe("file mappings", () => {
  test("listed only with includeReadOnly, as source file and read-only, in file order", async () => {
    expect(await list()).toEqual([]);
    expect(await list({})).toEqual([]);
    const files = await list({ includeReadOnly: true });
    expect(files).toEqual([
      { id: "", added: "", label: "", enabled: true, type: "uid", match: "exact", pattern: "04:AA:BB:CC", override: "**echo:file-exact", source: "file", readOnly: true },
      { id: "", added: "", label: "", enabled: true, type: "text", match: "partial", pattern: "card", override: "**echo:file-partial", source: "file", readOnly: true },
      { id: "", added: "", label: "", enabled: true, type: "text", match: "regex", pattern: "^re(g|x)$", override: "**echo:file-regex", source: "file", readOnly: true },
      { id: "", added: "", label: "", enabled: true, type: "data", match: "exact", pattern: "cafe", override: "**echo:file-data", source: "file", readOnly: true },
    ]);
    const log = await c.call<{ content: string }>("settings.logs.download");
    const text = Buffer.from(log.content, "base64").toString("utf8");
    expect(text).toContain("broken.toml: skipped");
    expect(text).toContain("a.toml: mappings.entry #4"); // the backreference the linear engine refuses
  });

  test("scans are rewritten by them: uid, partial text, regex (linear engine), data", async () => {
    expect(await launchAndWait(c, { uid: "04aabbcc" })).toMatchObject({ text: "**echo:file-exact", success: true });
    expect(await launchAndWait(c, { text: "my card here" })).toMatchObject({ text: "**echo:file-partial" });
    expect(await launchAndWait(c, { text: "rex" })).toMatchObject({ text: "**echo:file-regex" });
    expect(await launchAndWait(c, { data: "CAFE" })).toMatchObject({ text: "**echo:file-data" });
  });

  test("database mappings are tried first", async () => {
    const { id } = await c.call<{ id: number }>("mappings.new", { enabled: true, type: "text", match: "exact", pattern: "my card", override: "**echo:db" });
    expect(await launchAndWait(c, { text: "my card" })).toMatchObject({ text: "**echo:db" });
    const all = await list({ includeReadOnly: true });
    expect(all[0]).toMatchObject({ id: String(id), source: "database", readOnly: false });
    expect(all.slice(1).every((m) => m.source === "file")).toBe(true);
    await c.call("mappings.delete", { id });
  });

  test("update and delete of a file mapping are refused with the reason", async () => {
    for (const [method, params] of [["mappings.update", { id: "", enabled: false }], ["mappings.delete", { id: "" }]] as const) {
      const r = await c.request(method, params);
      expect(r.error?.code).toBe(-32602);
      expect(r.error?.message).toContain("read-only");
      expect(r.error?.message).toContain("mappings.reload");
    }
    expect((await list({ includeReadOnly: true })).length).toBe(4);
  });

  test("mappings.reload picks up changed files; a file removed of its entries drops them", async () => {
    writeFileSync(join(dir, "a.toml"), `[[mappings.entry]]\nmatch_pattern = "11:22"\nzapscript = "**echo:reloaded"\n`);
    expect(await c.call("mappings.reload")).toBeNull();
    const files = await list({ includeReadOnly: true });
    expect(files.map((m) => m.override)).toEqual(["**echo:reloaded", "**echo:file-data"]);
    expect(await launchAndWait(c, { uid: "11:22" })).toMatchObject({ text: "**echo:reloaded" });
    expect(await launchAndWait(c, { text: "my card" })).toMatchObject({ text: "my card" });
  });

  test("bad params are refused", async () => {
    expect((await c.request("mappings", { includeReadOnly: "yes" })).error?.code).toBe(-32602);
  });
});

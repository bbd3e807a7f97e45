import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import { writeEmulator } from "../fixtures/launch-env.ts";
import { fileOf, ORACLE_SYSTEMS, readOracle, type ResolveLine, writeOracleLibrary } from "../fixtures/oracle-library.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { runChild } from "../fixtures/process.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * The reference's answers on a real library, black-box: a service indexes the 26,701 real No-Intro names a device
 * of the nine systems holds. Dry runs of `@System/Title` (queries as people write them, from
 * test/data/oracle/resolve-indexed.jsonl: the reference's own title code over the same files) name in their trace
 * the file the reference picked, or fail where it found none (TAPSERVE_TITLE_QUERIES=all runs every query, 16,000;
 * by default every 8th); and every file's tags, read back through media.search, are those the reference's
 * indexer stores (test/data/oracle/tags.jsonl.gz).
 */
let root: string;
let svc: TestService;
let client: RpcClient;

const every = process.env.TAPSERVE_TITLE_QUERIES === "all" ? 1 : 8;
const lines = readOracle<ResolveLine["input"], ResolveLine["output"]>("resolve-indexed.jsonl").filter((_, i) => i % every === 0);

beforeAll(async () => {
  root = tempDir("tapserve-titles-");
  const written = writeOracleLibrary(join(root, "roms"));
  expect(written).toBe(26_701);
  const emu = writeEmulator(join(root, "emu"));
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n[[launchers.custom]]\nid = "TestEmu"\nsystems = ${JSON.stringify(ORACLE_SYSTEMS)}\ncommand = ["${emu.script}", "{path}"]\n`,
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function dryRun(text: string): Promise<ScanTrace> {
  return ScanTrace.assert(await client.call("launch", { text, dryRun: true }));
}

describe("tags as the reference's indexer stores them (real names, black-box)", () => {
  test("every file of the library, paged through media.search, carries the reference's tags in its order", async () => {
    const want = new Map<string, string[]>();
    for (const { input, output } of readOracle<{ filename: string }, { indexTags?: { type: string; value: string }[] }>("tags.jsonl.gz")) {
      want.set(input.filename, (output.indexTags ?? []).map((t) => `${t.type}:${t.value}`));
    }
    let seen = 0;
    const differ: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.call<{ results: { path: string; tags: { type: string; tag: string }[] }[]; pagination?: { nextCursor?: string } }>("media.search", { query: "", maxResults: 250, ...(cursor ? { cursor } : {}) });
      for (const item of page.results) {
        seen++;
        const got = item.tags.map((t) => `${t.type}:${t.tag}`);
        const expected = want.get(fileOf(item.path));
        if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push(`${item.path}: ${got.join(" ")} ≠ ${expected?.join(" ")}`);
      }
      cursor = page.pagination?.nextCursor;
    } while (cursor);
    expect(seen).toBe(26_701);
    expect(differ.slice(0, 20)).toEqual([]);
  }, 120_000);
});

describe("title launches as the reference resolves them (real names, black-box)", () => {
  test(`the reference's file for ≥ 99% of ${lines.length} queries it resolves; a failure where it finds none`, async () => {
    let resolved = 0;
    let same = 0;
    let refused = 0;
    let refusedToo = 0;
    const differences: string[] = [];
    for (const { input, output } of lines) {
      const tags = (input.tags ?? []).map((t) => (typeof t === "string" ? t : JSON.stringify(t)));
      const script = `@${input.system}/${input.title}${tags.length ? `?tags=${tags.join(",")}` : ""}`;
      const trace = await dryRun(script);
      const step = trace.steps[0];
      const picked = trace.ok && step?.target ? fileOf(step.target) : null;
      if (output.path !== undefined) {
        resolved++;
        if (picked === fileOf(output.path)) same++;
        else differences.push(`${script}: reference ${fileOf(output.path)} (${output.strategy}), here ${picked ?? `failed: ${trace.error}`}`);
      } else {
        refused++;
        if (picked === null) refusedToo++;
        else differences.push(`${script}: reference fails (${output.error}), here ${picked}`);
      }
    }
    const figures = { resolved, same, refused, refusedToo, sameShare: Math.round((same / resolved) * 10000) / 100 };
    console.log(`title resolution vs the reference: ${JSON.stringify(figures)}`);
    if (differences.length) console.log(`differences (${differences.length}):\n  ${differences.slice(0, 40).join("\n  ")}`);
    expect(same / resolved).toBeGreaterThanOrEqual(0.99);
    expect(refusedToo).toBe(refused);
  }, 600_000);

  test("the trace names the rule that chose the file, and what was tried when nothing matched", async () => {
    const found = await dryRun("@snes/super mario world");
    expect(found.ok).toBe(true);
    expect(fileOf(found.steps[0]!.target!)).toBe("Super Mario World (USA).sfc");
    expect(found.steps[0]!.title).toMatchObject({ system: "SNES", title: "super mario world", strategy: "strategy_exact_match" });
    const none = await dryRun("@SNES/Qwxyzzy Plugh Nonexistent Game");
    expect(none.ok).toBe(false);
    expect(none.reason).toBe("media_not_found");
    expect(none.steps[0]!.title?.strategy).toBeUndefined();
    expect(none.steps[0]!.title?.steps.length).toBeGreaterThan(3);
  });

  test("tapserve parse --explain and why print the rule that chose the file, and what was tried when none did", async () => {
    const cli = async (...args: string[]) => {
      const child = runChild([...args, "--port", String(svc.port)]);
      const { code } = await child.exited;
      return { code, out: child.output() };
    };
    const found = await cli("parse", "--explain", "@snes/super mario world");
    expect(found.code).toBe(0);
    expect(found.out).toContain("title:    SNES/super mario world → strategy_exact_match (confidence 1)");
    expect(found.out).toContain("Super Mario World (USA).sfc");
    const none = await cli("parse", "--explain", "@SNES/Qwxyzzy Plugh Nonexistent Game");
    expect(none.code).toBe(1);
    expect(none.out).toContain("strategy_progressive_trim");
    expect(none.out).toContain("no strategy found a usable file");
    // a real launch of the title: `why` explains it from the history
    expect(await launchAndWait(client, "@snes/super mario world")).toMatchObject({ success: true });
    const why = await cli("why");
    expect(why.out).toContain("title:    SNES/super mario world → strategy_exact_match (confidence 1)");
    await client.call("stop");
  });

  test("tag filters in the title and in ?tags= pick the version", async () => {
    const eu = await dryRun("@Genesis/Sonic the Hedgehog (region:eu)");
    expect(eu.ok).toBe(true);
    expect(fileOf(eu.steps[0]!.target!)).toContain("Europe");
    const viaArgs = await dryRun("@Genesis/Sonic the Hedgehog?tags=region:jp");
    expect(viaArgs.ok).toBe(true);
    expect(fileOf(viaArgs.steps[0]!.target!)).toContain("Japan");
  });

  test("a plain System/Title that is no file is resolved as a title", async () => {
    const trace = await dryRun("SNES/Last Action Hero");
    expect(trace.ok).toBe(true);
    expect(fileOf(trace.steps[0]!.target!)).toBe("Last Action Hero (USA).sfc");
    expect(trace.steps[0]!.title?.system).toBe("SNES");
  });
});

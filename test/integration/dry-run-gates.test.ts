/**
 * A dry run meets every gate the real scan of the same script meets (issue 40, items 7 and 8): the
 * `zapscript.allow_execute` list, the launch guard (a dry run asked as a reader scan, as `parse --explain` asks),
 * a reached playtime limit. And after a scan the launch guard held, `tapserve why` and `tokens.trace` explain that
 * scan, not the launch before it. A fake reader below the driver seam scans; a real emulator process runs; the
 * guard's and playtime's timers run on a manual clock; the CLI runs as a child process against the service.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { TraceResult } from "../../src/core/wire/tokens.ts";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import { ManualClock } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import { runChild } from "../fixtures/process.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { tempDir } from "../fixtures/service.ts";

const clock = new ManualClock(Date.parse("2026-11-25T12:00:00Z"));
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);
const work = tempDir("tapserve-dry-gates-");
/** An allow-listed program: it leaves a file behind when it really runs. */
const marker = join(work, "mark.sh");
const marked = join(work, "marked");
let env: FakeReaderService;
let client: RpcClient;

const dry = async (text: string, extra: Record<string, unknown> = {}) => ScanTrace.assert(await client.call("launch", { text, dryRun: true, ...extra }));
const real = async (text: string) => ScanTrace.assert((await launchAndWait(client, text)).trace);
const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;
const sinceCount = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method).length;

async function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = runChild([...args, "--port", String(env.svc.port)]);
  const { code } = await child.exited;
  return { code, out: child.output() };
}

/** A user taps a card with `text` on it. */
function tap(uid: string, text: string): void {
  const reader = driver.reader("/dev/fake0");
  reader.remove();
  reader.present({ uid, text });
}

async function playing(): Promise<string | null> {
  return (await client.call<{ mediaName: string } | null>("media.active"))?.mediaName ?? null;
}

/** A step without its duration (a dry run's and a real run's differ only there and in the process id). */
const step = (s: ScanTrace["steps"][number]) => {
  const { ms: _ms, pid: _pid, ...rest } = s;
  return rest;
};

beforeAll(async () => {
  writeFileSync(marker, `#!/bin/sh\ntouch ${marked}\n`);
  chmodSync(marker, 0o755);
  env = await startFakeReaderService({
    prefix: "tapserve-dry-gates-svc-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md"],
    driver,
    emulatorId: "GateEmu",
    app: { clock },
    configure: (config) => {
      config.zapscript = { allow_execute: [marker] };
      config.playtime = { limits: { enabled: true, session: "5m", session_reset: "30m" } };
    },
  });
  client = env.client;
});

afterAll(async () => {
  await env?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("a dry run meets the gates of the real scan", () => {
  test("execute outside zapscript.allow_execute fails the dry run as it fails the real scan; parse --explain exits 1", async () => {
    const d = await dry("**echo:before||**execute:/bin/false");
    expect(d).toMatchObject({ ok: false, reason: "command_failed", dryRun: true });
    expect(d.error).toContain("command not in zapscript.allow_execute: /bin/false");
    const r = await real("**echo:before||**execute:/bin/false");
    expect(r).toMatchObject({ ok: false, reason: "command_failed", error: d.error });
    expect(d.steps.map((s) => [s.command, s.outcome])).toEqual([["echo", "skipped"], ["execute", "failed"]]);
    expect(step(d.steps[1]!)).toEqual(step(r.steps[1]!));

    const explain = await cli("parse", "--explain", "**execute:/bin/false");
    expect(explain.code).toBe(1);
    expect(explain.out).toContain("command not in zapscript.allow_execute");
  });

  test("an allow-listed execute passes the dry run without running; the real scan runs it", async () => {
    const d = await dry(`**execute:${marker}`);
    expect(d).toMatchObject({ ok: true, steps: [{ command: "execute", outcome: "ok" }] });
    expect(existsSync(marked)).toBe(false);
    expect(await real(`**execute:${marker}`)).toMatchObject({ ok: true, steps: [{ command: "execute", outcome: "ok" }] });
    expect(existsSync(marked)).toBe(true);
  });

  test("the launch guard: a dry run asked as a reader scan is held as the scan is; parse --explain says so", async () => {
    await client.call("settings.update", { launchGuardEnabled: false });
    tap("a1", "Genesis/Sonic.md");
    await waitFor(async () => (await playing()) === "Sonic", "Sonic playing");
    await client.call("settings.update", { launchGuardEnabled: true, launchGuardTimeout: 10, launchGuardDelay: 0, launchGuardRequireConfirm: false });

    const from = client.notifications.length;
    const asScan = await dry("Genesis/Streets.md", { source: "reader" });
    // held, and what would happen once confirmed
    expect(asScan).toMatchObject({ source: "reader", held: true, ok: true, dryRun: true, steps: [{ command: "launch", outcome: "ok", launcher: "GateEmu" }] });
    expect((await dry("Genesis/Streets.md")).held).toBe(false); // a launch from a client is never held
    expect((await dry("**echo:hi", { source: "reader" })).held).toBe(false); // does not disturb the game
    expect((await client.request("launch", { text: "Genesis/Streets.md", source: "reader" })).error?.code).toBe(-32602);

    const explain = await cli("parse", "--explain", "Genesis/Streets.md");
    expect(explain.code).toBe(0);
    expect(explain.out).toContain("guard:    held by the launch guard");
    expect(sinceCount(from, "tokens.staged")).toBe(0);
    expect(await playing()).toBe("Sonic");

    // the real scan of the same tag is held
    tap("b2", "Genesis/Streets.md");
    await client.waitForNotification("tokens.staged", (p: { uid: string }) => p.uid === "b2");
    expect(await playing()).toBe("Sonic");
  });
});

describe("explaining a held scan", () => {
  test("tapserve why and tokens.trace explain the held scan, not the launch before it; then that it was dropped", async () => {
    const latest = TraceResult.assert(await client.call("tokens.trace"));
    expect(latest.id).toBeUndefined();
    expect(latest.held).toBe("held by the launch guard: waiting for confirmation");
    expect(latest.trace).toMatchObject({ source: "reader", held: true, ok: false, read: { uid: "b2", text: "Genesis/Streets.md" } });
    const why = await cli("why");
    expect(why.code).toBe(0);
    expect(why.out).toContain("held by the launch guard");
    expect(why.out).toContain("result:   not launched: held by the launch guard: waiting for confirmation");
    expect(why.out).toContain("Genesis/Streets.md");
    // the launch before it is #2 now
    const before = await cli("why", "2");
    expect(before.out).toContain("#2 at");
    expect(before.out).toContain(": launched");
    expect(before.out).toContain("Genesis/Sonic.md");

    await clock.advance(10_000); // nobody confirms it
    expect(TraceResult.assert(await client.call("tokens.trace")).held).toBe("held by the launch guard, then dropped: not confirmed within 10 s");
    expect((await cli("why")).out).toContain("not launched: held by the launch guard, then dropped: not confirmed within 10 s");
  });

  test("once a held scan is confirmed, its history entry explains it", async () => {
    const count = (await history()).length;
    tap("b2", "Genesis/Streets.md");
    await waitFor(() => client.call("confirm").then(() => true, () => false), "a staged token to confirm");
    await waitFor(async () => (await history()).length > count, "the history entry");
    const latest = TraceResult.assert(await client.call("tokens.trace"));
    expect(latest.id).toBeNumber();
    expect(latest.held).toBeUndefined();
    expect(latest.trace).toMatchObject({ held: true, ok: true });
    const why = await cli("why");
    expect(why.out).toContain("#1 at");
    expect(why.out).toContain(": launched");
    expect(why.out).toContain("guard:    held by the launch guard until confirmed");
    await waitFor(async () => (await playing()) === "Streets", "Streets playing");
  });
});

describe("a reached playtime limit", () => {
  test("refuses the dry run as it refuses the real launch, announcing nothing; parse --explain exits 1", async () => {
    await client.call("settings.update", { launchGuardEnabled: false });
    const reached = client.waitForNotification("playtime.limit.reached");
    await clock.advance(5 * 60_000);
    expect(await reached).toEqual({ reason: "session" });
    await waitFor(async () => (await playing()) === null, "the game stopped at the limit");

    const from = client.notifications.length;
    const d = await dry("Genesis/Sonic.md", { source: "reader" });
    expect(d).toMatchObject({ ok: false, reason: "refused", steps: [{ command: "launch", outcome: "failed", launcher: "GateEmu" }] });
    expect(d.error).toContain("session playtime limit reached");
    expect((await dry("**launch.last")).reason).toBe("refused");
    const explain = await cli("parse", "--explain", "Genesis/Sonic.md");
    expect(explain.code).toBe(1);
    expect(explain.out).toContain("[refused]");
    expect(sinceCount(from, "playtime.limit.reached")).toBe(0); // a dry run announces nothing

    const r = await real("Genesis/Sonic.md");
    expect(r).toMatchObject({ ok: false, reason: "refused", error: d.error });
    expect(r.steps.map(step)).toEqual(d.steps.map(step));
    expect(sinceCount(from, "playtime.limit.reached")).toBe(1);
    expect(await playing()).toBeNull();
  });
});

import { afterAll, beforeAll, expect, test } from "bun:test";
import { RemoteRunResult } from "../../src/core/wire/backup.ts";
import { BackupServer } from "../fixtures/backup-server.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import { ManualClock } from "../fakes/clock.ts";

/** A rate-limited backup server is waited out on the app's clock (its Retry-After), not failed at once. */
let server: BackupServer;
let svc: TestService;
let client: RpcClient;
const clock = new ManualClock(Date.UTC(2026, 0, 1));
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10)); // loopback I/O, not a timer under test
  expect(cond()).toBe(true);
};

beforeAll(async () => {
  server = await new BackupServer().start();
  svc = await startService({ configToml: `[zapscript]\nallow_http = ["127.0.0.1"]\n[backup.remote]\nbase_url = "${server.base}"\n`, app: { clock, readerHotplug: false } });
  client = await svc.connect();
  await client.call("settings.auth.claim", { claimUrl: `${server.base}/auth/claim`, token: "claim-secret" });
});
afterAll(async () => {
  await svc.stop();
  await server.stop();
});

test("a 429 with Retry-After: 30 is retried after 30 s of the app's clock and the run then succeeds", async () => {
  server.failNext.set("POST /v1/device/backup-objects/check", { status: 429, body: {}, headers: { "retry-after": "30" } });
  const checks = () => server.requests("POST", "/v1/device/backup-objects/check").length;
  const before = clock.pending;
  const run = client.call("settings.backup.remote.run");
  await until(() => checks() === 1 && clock.pending > before);
  await clock.advance(29_000);
  expect(checks()).toBe(1);
  await clock.advance(1_000);
  const result = RemoteRunResult.assert(await run);
  expect(checks()).toBe(2);
  expect(result.backup.id).toBe("snap-1");
});

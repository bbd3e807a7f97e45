/**
 * The phone app's maintenance calls: `settings.reload` (re-read config.toml), `settings.logs.download` (its
 * Settings › Logs screen) and `update.check`, over a real WebSocket against the running service.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { LogDownloadResult } from "../../src/core/wire/logs.ts";
import { UpdateCheckResult } from "../../src/core/wire/update.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;
const configPath = () => join(svc.dataDir, "config.toml");
const settings = () => c.call<Record<string, unknown>>("settings");
const logText = async () => {
  const r = LogDownloadResult.assert(await c.call("settings.logs.download"));
  return Buffer.from(r.content, "base64").toString("utf8");
};

beforeAll(async () => {
  svc = await startService();
  c = await svc.connect("/api/v0.1");
});
afterAll(async () => {
  await svc.stop();
});

describe("settings.reload", () => {
  test("a hand edit of config.toml is applied live, and what needs a restart is named in the log", async () => {
    expect(await settings()).toMatchObject({ readersScanMode: "tap", audioScanFeedback: true });
    const edited = readFileSync(configPath(), "utf8")
      .replace('mode = "tap"', 'mode = "hold"')
      .replace("scan_feedback = true", "scan_feedback = false")
      .replace("api_port = 7497", "api_port = 7600");
    writeFileSync(configPath(), edited);
    expect(await c.call("settings.reload")).toBeNull();
    expect(await settings()).toMatchObject({ readersScanMode: "hold", audioScanFeedback: false });
    expect(await logText()).toContain("take effect after a restart: service.api_port");
  });

  test("a file that does not validate is refused with every problem; the running config stays", async () => {
    const before = await settings();
    const good = readFileSync(configPath(), "utf8");
    writeFileSync(configPath(), good.replace('mode = "hold"', 'mode = "sometimes"').replace("scan_feedback = false", 'scan_feedback = "loud"'));
    const r = await c.request("settings.reload");
    expect(r.error?.code).toBe(1004);
    expect(r.error?.message).toContain("readers.scan.mode");
    expect(r.error?.message).toContain("audio.scan_feedback");
    expect(r.error?.message).toContain("running config is unchanged");
    expect((r.error?.data as { problems: string[] }).problems.length).toBe(2);
    expect(await settings()).toEqual(before);
    writeFileSync(configPath(), "[readers\nbroken");
    expect((await c.request("settings.reload")).error?.message).toContain("not valid TOML");
    expect(await settings()).toEqual(before);
    writeFileSync(configPath(), good);
  });
});

describe("settings.logs.download", () => {
  test("returns the current log file as base64 with its name and size", async () => {
    const r = LogDownloadResult.assert(await c.call("settings.logs.download"));
    expect(r.filename).toBe("service.log");
    const bytes = Buffer.from(r.content, "base64");
    expect(r.size).toBe(bytes.length);
    expect(bytes.toString("utf8")).toContain("listening on port");
    expect(bytes.equals(readFileSync(join(svc.dataDir, "service.log")).subarray(0, bytes.length))).toBe(true);
  });
});

describe("update.check", () => {
  test("says updates come with the device's package: nothing available, eligibility managed", async () => {
    const r = UpdateCheckResult.assert(await c.call("update.check"));
    expect(r).toEqual({ currentVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/), updateAvailable: false, autoInstall: false, eligibility: "managed" });
    const { version } = await c.call<{ version: string }>("version");
    expect(r.currentVersion).toBe(version);
    expect(type("string").allows(r.currentVersion)).toBe(true);
  });
});

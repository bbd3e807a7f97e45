import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;
beforeAll(async () => {
  svc = await startService();
  c = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
});

type Settings = Record<string, unknown> & { systems: { rootFolder: string[]; rootFolders: string[] } };

describe("settings", () => {
  test("emits every spec key, both spellings the spec shows, and the phone app's names", async () => {
    const s = await c.call<Settings>("settings");
    for (const k of ["reader", "readers", "audioFeedback", "detectReaders", "insertMode", "insertModeBlocklist", "insertModeExitDelay", "consoleLogging", "debug"]) {
      expect(s).toHaveProperty(k);
    }
    expect(s.systems).toEqual({ rootFolder: [], rootFolders: [] });
    for (const k of ["audioScanFeedback", "readersAutoDetect", "readersScanMode", "readersScanIgnoreSystems", "readersScanExitDelay", "debugLogging", "readersConnect", "runZapScript", "errorReporting"]) {
      expect(s).toHaveProperty(k);
    }
    expect(Object.values(s).includes(null)).toBe(false);
  });

  test("a subset update changes only what was sent, in memory and in the file", async () => {
    const tag = join(svc.dataDir, "tokens", "tag.txt"); // file: readers read only inside <data>/tokens
    const roms = join(svc.dataDir, "roms"); // root folders must exist
    mkdirSync(roms);
    expect(await c.call("settings.update", { insertMode: true, insertModeExitDelay: 2.5, readers: ["pcsc:", `file:${tag}`], systems: { rootFolders: [roms] } })).toBeNull();
    const s = await c.call<Settings>("settings");
    expect(s.insertMode).toBe(true);
    expect(s.readersScanMode).toBe("hold");
    expect(s.insertModeExitDelay).toBe(2.5);
    expect(s.reader).toEqual(["pcsc:", `file:${tag}`]);
    expect(s.readersConnect).toEqual([
      { driver: "pcsc", path: "" },
      { driver: "file", path: tag },
    ]);
    expect(s.systems.rootFolder).toEqual([roms]);
    expect(s.audioFeedback).toBe(true); // untouched
    const file = readFileSync(join(svc.dataDir, "config.toml"), "utf8");
    expect(file).toContain('mode = "hold"');
    expect(file).toContain("exit_delay = 2.5");
    expect(file).toContain(`index_root = [ "${roms}" ]`);
  });

  test("the phone app's names update the same values", async () => {
    expect(await c.call("settings.update", { readersScanMode: "tap", debugLogging: true, audioScanFeedback: false, readersConnect: [{ driver: "pn532", path: "/dev/null" }] })).toBeNull(); // a device under /dev
    const s = await c.call<Settings>("settings");
    expect(s.insertMode).toBe(false);
    expect(s.debug).toBe(true);
    expect(s.audioFeedback).toBe(false);
    expect(s.reader).toEqual(["pn532:/dev/null"]);
  });

  test("unknown keys, wrong types, disagreeing spellings and bad reader strings are refused, and nothing changes", async () => {
    const before = await c.call<Settings>("settings");
    for (const params of [
      { debug: true, colour: "blue" },
      { insertModeExitDelay: "soon" },
      { insertModeExitDelay: -1 },
      { debug: true, debugLogging: false },
      { reader: ["no-colon-but-bad driver!"] },
      { errorReporting: true },
      { systems: { rootFolder: "/roms" } },
    ]) {
      const r = await c.request("settings.update", params);
      expect({ params, code: r.error?.code }).toEqual({ params, code: -32602 });
    }
    expect(await c.call<Settings>("settings")).toEqual(before);
  });
});

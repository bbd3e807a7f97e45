/**
 * The file reader (`file:/path`) end to end: the real service, a real token file, a real launcher process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readerIdFor } from "../../../src/readers/reader-id.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

let root: string;
let tokenFile: string;
let lateDir: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };

async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method);
  return hit.params as T;
}

const readers = async () => (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers;

beforeAll(async () => {
  root = tempDir("tapserve-file-reader-");
  writeFiles(root, ["roms/Genesis/Sonic.md"]);
  emu = writeEmulator(join(root, "emu"));
  tokenFile = join(root, "tokens", "token.txt"); // file: readers read only inside <data>/tokens
  lateDir = join(root, "tokens", "late");
  svc = await startService({
    dataDir: root,
    configToml: readerServiceConfig({
      readers: { connect: [{ driver: "file", path: tokenFile }, { driver: "file", path: `${lateDir}/token.txt` }, { driver: "no_such_driver", path: "/dev/null" }] },
      root,
      emulator: { id: "FileEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("file reader", () => {
  test("readers lists the file reader; a path in a missing folder and an unknown driver are left out", async () => {
    const list = await readers();
    expect(list).toEqual([{ id: tokenFile, readerId: readerIdFor("file", tokenFile), driver: "file", info: `File (${tokenFile})`, connected: true, capabilities: ["removable"] }]);
  });

  test("writing the file is a scan that launches; deleting it removes the token", async () => {
    const added = next<Record<string, unknown>>("tokens.added");
    writeFileSync(tokenFile, "Genesis/Sonic.md\n");
    expect(await added).toMatchObject({ type: "file", uid: "", text: "Genesis/Sonic.md", data: Buffer.from("Genesis/Sonic.md").toString("hex"), readerId: readerIdFor("file", tokenFile) });
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    expect(launched[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    expect(isAlive(Number(launched[0]))).toBe(true);
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toHaveLength(1);

    const removed = next("tokens.removed");
    unlinkSync(tokenFile);
    await removed;
    expect(await client.call("tokens")).toMatchObject({ active: [], last: { text: "Genesis/Sonic.md" } });
    await client.call("stop");
  });

  test("a folder that appears later is picked up on a retry, with readers.added", async () => {
    const added = next<Record<string, unknown>>("readers.added");
    mkdirSync(lateDir);
    expect(await added).toEqual({ connected: true, driver: "file", path: `${lateDir}/token.txt` });
    expect((await readers()).map((r) => r.id)).toContain(`${lateDir}/token.txt`);
  });

  test("removing the reader from the settings closes it with readers.removed", async () => {
    const removed = next<Record<string, unknown>>("readers.removed");
    expect(await client.call("settings.update", { readers: [`file:${tokenFile}`] })).toBeNull();
    expect(await removed).toEqual({ connected: false, driver: "file", path: `${lateDir}/token.txt` });
    expect((await readers()).map((r) => r.id)).toEqual([tokenFile]);
  });

  test("readers.write refuses when no reader can write", async () => {
    const r = await client.request("readers.write", { text: "x" });
    expect(r.error).toMatchObject({ code: 1003, data: { reason: "no-reader" } });
    const bad = await client.request("readers.write", { text: 5 });
    expect(bad.error?.code).toBe(-32602);
  });
});

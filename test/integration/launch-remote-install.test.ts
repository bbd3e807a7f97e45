/**
 * Launching a remote file as the reference does: `http://…/Game.sfc?system=SNES` downloads the file into the
 * system's folder (a loader while it downloads), then launches it there; a file already in place is launched
 * without fetching (the pre-notice shown); a broken or oversize download leaves nothing behind and fails the
 * launch; a dry run fetches nothing. Black box: scripts through `launch` over WebSocket, a loopback HTTP stand-in
 * serving the ROM (allowed through zapscript.allow_http), a real emulator child process, real files.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import { UiState } from "../../src/core/wire/ui.ts";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeEmulator } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

const ROM = new Uint8Array(300 * 1024).map((_, i) => (i * 7 + (i >> 8)) & 0xff);
const GAME = "/roms/Super%20Game%20(USA).sfc";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let server: Server;
let base: string;
const sockets = new Set<Socket>();
/** Requests the stand-in received, by path. */
const hits: string[] = [];

/** The stand-in: the ROM; a body cut mid-way; an oversize one (declared 9 GiB); a 404. */
function serve(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? "";
  hits.push(path);
  if (path === GAME || path === "/roms/Other.sfc" || path === "/nes/Tiny.nes") {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(ROM.length) });
    res.end(ROM);
  } else if (path === "/private/Auth.sfc") {
    const ok = req.headers.authorization === "Bearer s3cret";
    res.writeHead(ok ? 200 : 401);
    res.end(ok ? ROM : "who are you?");
  } else if (path === "/roms/Cut.sfc") {
    res.writeHead(200, { "content-length": String(ROM.length) });
    res.write(ROM.subarray(0, 64 * 1024));
    setTimeout(() => res.socket?.destroy(), 50);
  } else if (path === "/roms/Huge.iso") {
    res.writeHead(200, { "content-length": String(9 * 1024 ** 3) });
    res.write(ROM.subarray(0, 1024));
  } else {
    res.writeHead(404);
    res.end("no such file");
  }
}

const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;
const traceOf = (entry: HistoryEntry) => ScanTrace.assert(entry.trace);
const mark = () => client.notifications.length;
const uiStates = (from: number) => client.notifications.slice(from).filter((n) => n.method === "ui.changed").map((n) => UiState.assert(n.params));
const snesDir = () => join(root, "roms", "snes");

async function launchedArgs(): Promise<string[]> {
  const rec = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").trim().split("\n"), "the emulator's record");
  rmSync(emu.record);
  return rec.slice(1);
}

beforeAll(async () => {
  root = tempDir("tapserve-remote-install-");
  mkdirSync(join(root, "roms", "snes"), { recursive: true }); // the ES name, lower case: found in any case
  emu = writeEmulator(join(root, "emu"));
  server = createServer(serve);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc = await startService({
    configToml: [
      "[launchers]",
      `index_root = ["${root}/roms"]`,
      "retroarch = false",
      "[[launchers.custom]]",
      'id = "TestEmu"',
      'extensions = [".sfc", ".nes"]',
      `command = ["${emu.script}", "--rom", "{path}"]`,
      "[zapscript]",
      'allow_http = ["127.0.0.1"]',
      "",
    ].join("\n"),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe("launch of an http URL with ?system=", () => {
  test("downloads into the system's folder with a loader, then launches the file there", async () => {
    const from = mark();
    const entry = await launchAndWait(client, `${base}${GAME}?system=SNES`);
    expect(entry.success).toBe(true);
    const file = join(root, "roms", "snes", "Super Game (USA).sfc");
    expect(new Uint8Array(readFileSync(file))).toEqual(ROM);
    expect(readdirSync(join(root, "roms", "snes"))).toEqual(["Super Game (USA).sfc"]); // no .part left
    expect(await launchedArgs()).toEqual(["--rom", file]);
    // the loader: opened with the reference's text, then completed by the download's end
    const states = uiStates(from);
    const loader = states.find((s) => s.events[0]?.kind === "loader")?.events[0];
    expect(loader).toMatchObject({ kind: "loader", message: "Downloading Super Game (USA)...", dismissible: false });
    expect(states.some((s) => s.resolved.some((r) => r.id === loader!.id && r.outcome === "completed"))).toBe(true);
    expect(traceOf(entry).steps[0]).toMatchObject({
      command: "launch",
      outcome: "ok",
      target: file,
      launcher: "TestEmu",
      install: { url: `${base}${GAME}`, path: file, outcome: "downloaded", bytes: ROM.length },
    });
    expect((await client.call<{ active: Array<{ systemId: string; mediaPath: string }> }>("media")).active[0]).toMatchObject({ systemId: "SNES", mediaPath: file });
  });

  test("a file already in place is launched without fetching; the pre-notice shows", async () => {
    const before = hits.length;
    const from = mark();
    const entry = await launchAndWait(client, `${base}${GAME}?system=snes&pre_notice=Use the second controller`);
    expect(entry.success).toBe(true);
    expect(hits.length).toBe(before);
    const file = join(root, "roms", "snes", "Super Game (USA).sfc");
    expect(await launchedArgs()).toEqual(["--rom", file]);
    const notice = uiStates(from).find((s) => s.events[0]?.kind === "notice")?.events[0];
    expect(notice).toMatchObject({ kind: "notice", message: "Use the second controller", dismissible: true });
    expect(Date.parse(notice!.expiresAt!) - Date.parse(notice!.createdAt)).toBe(30_000);
    expect(traceOf(entry).steps[0]!.install).toEqual({ url: `${base}${GAME}`, path: file, outcome: "present" });
    expect(traceOf(entry).commands[0]!.advArgs).toEqual({ system: "snes", pre_notice: "Use the second controller" });
    await client.call("ui.respond", { id: notice!.id, action: "dismiss" });
  });

  test("?name= names the download in the loader", async () => {
    const from = mark();
    const entry = await launchAndWait(client, `${base}/roms/Other.sfc?system=SNES&name=My Other Game`);
    expect(entry.success).toBe(true);
    await launchedArgs();
    expect(uiStates(from).find((s) => s.events[0]?.kind === "loader")?.events[0]?.message).toBe("Downloading My Other Game...");
  });

  test("auth.toml's credentials for the host go with the download", async () => {
    const refused = await launchAndWait(client, `${base}/private/Auth.sfc?system=SNES`);
    expect(traceOf(refused).error).toContain("answered 401");
    writeFileSync(join(svc.dataDir, "auth.toml"), `[creds."${base}"]\nbearer = "s3cret"\n`);
    try {
      const entry = await launchAndWait(client, `${base}/private/Auth.sfc?system=SNES`);
      expect(entry.success).toBe(true);
      expect(JSON.stringify(entry)).not.toContain("s3cret");
      await launchedArgs();
    } finally {
      rmSync(join(svc.dataDir, "auth.toml"));
    }
  });

  test("a connection cut mid-body fails the launch and leaves no file and no .part", async () => {
    const from = mark();
    const entry = await launchAndWait(client, `${base}/roms/Cut.sfc?system=SNES`);
    expect(entry.success).toBe(false);
    const trace = traceOf(entry);
    expect(trace.reason).toBe("download_failed");
    expect(trace.error).toContain(`cannot download ${base}/roms/Cut.sfc`);
    expect(trace.steps[0]!.install).toMatchObject({ outcome: "failed", path: join(root, "roms", "snes", "Cut.sfc") });
    expect(readdirSync(join(root, "roms", "snes")).filter((f) => f.startsWith("Cut"))).toEqual([]);
    // the loader did not outlive the download
    const loader = uiStates(from).find((s) => s.events[0]?.kind === "loader")?.events[0];
    expect(uiStates(from).some((s) => s.resolved.some((r) => r.id === loader!.id))).toBe(true);
    expect(existsSync(emu.record)).toBe(false);
  });

  test("a file larger than the cap (8 GiB) is refused before anything is written", async () => {
    const entry = await launchAndWait(client, `${base}/roms/Huge.iso?system=PS2`);
    expect(entry.success).toBe(false);
    expect(traceOf(entry).error).toContain("is larger than 8589934592 bytes");
    expect(existsSync(join(svc.dataDir, "media", "PS2", "Huge.iso"))).toBe(false);
    expect(existsSync(join(svc.dataDir, "media", "PS2", "Huge.iso.part"))).toBe(false);
  });

  test("a 404 fails the launch with the status", async () => {
    const entry = await launchAndWait(client, `${base}/roms/Gone.sfc?system=SNES`);
    expect(entry.success).toBe(false);
    expect(traceOf(entry).error).toContain("answered 404");
    expect(readdirSync(join(root, "roms", "snes")).filter((f) => f.startsWith("Gone"))).toEqual([]);
  });

  test("with no folder for the system under the roots, the file goes to <data>/media/<system> (the reference's place)", async () => {
    const entry = await launchAndWait(client, `${base}/nes/Tiny.nes?system=NES`);
    expect(entry.success).toBe(true);
    const file = join(svc.dataDir, "media", "NES", "Tiny.nes");
    expect(readFileSync(file).length).toBe(ROM.length);
    expect(await launchedArgs()).toEqual(["--rom", file]);
  });

  test("a dry run fetches nothing and says what would be fetched and where", async () => {
    const before = hits.length;
    const trace = ScanTrace.assert(await client.call("launch", { text: `${base}/roms/Next.sfc?system=SNES`, dryRun: true }));
    expect(trace).toMatchObject({ ok: true, dryRun: true });
    const path = join(root, "roms", "snes", "Next.sfc");
    expect(trace.steps[0]).toMatchObject({ outcome: "ok", launcher: "TestEmu", target: path, install: { url: `${base}/roms/Next.sfc`, path, outcome: "would_download" } });
    expect(hits.length).toBe(before);
    expect(existsSync(path)).toBe(false);
    // a system without a folder: nothing is created either
    const nes = ScanTrace.assert(await client.call("launch", { text: `${base}/nes/Other.nes?system=Famicom`, dryRun: true }));
    expect(nes.steps[0]!.install).toEqual({ url: `${base}/nes/Other.nes`, path: join(svc.dataDir, "media", "NES", "Other.nes"), outcome: "would_download" });
    expect(hits.length).toBe(before);
    expect(existsSync(emu.record)).toBe(false);
  });

  test("smb:// is refused as not supported here; loopback needs zapscript.allow_http", async () => {
    const smb = await launchAndWait(client, "smb://nas/games/Game.sfc?system=SNES");
    expect(traceOf(smb)).toMatchObject({ ok: false, reason: "download_failed" });
    expect(traceOf(smb).error).toContain("smb:// downloads are not supported here");

    await svc.app.config.update((d) => {
      d.zapscript.allow_http = [];
    });
    const before = hits.length;
    const refused = await launchAndWait(client, `${base}/roms/Another.sfc?system=SNES`);
    expect(traceOf(refused).error).toContain("127.0.0.1 is a loopback address; add it to zapscript.allow_http");
    expect(hits.length).toBe(before);
    expect(existsSync(join(snesDir(), "Another.sfc"))).toBe(false);
    await svc.app.config.update((d) => {
      d.zapscript.allow_http = ["127.0.0.1"];
    });
  });

  test("a URL without ?system= is launched as a URL, as before (no download)", async () => {
    const before = hits.length;
    const trace = ScanTrace.assert(await client.call("launch", { text: `${base}/roms/Plain.sfc`, dryRun: true }));
    expect(trace.steps[0]).toMatchObject({ outcome: "ok", target: `${base}/roms/Plain.sfc` });
    expect(trace.steps[0]!.launcher).not.toBe("TestEmu");
    expect(trace.steps[0]!.install).toBeUndefined();
    expect(hits.length).toBe(before);
  });
});

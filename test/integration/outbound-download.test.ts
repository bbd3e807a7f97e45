import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { ROOT } from "../fixtures/process.ts";
import { RUNTIME_SETUP_TIMEOUT_MS, RUNTIMES, scriptOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * Downloads through the outbound guard (src/service/outbound/download.ts) on both runtimes (Bun from source, Node
 * as MiSTer runs it), against a loopback server: the body is streamed to `<file>.part` and renamed when complete;
 * a cut connection, a body over the cap (chunked, so only counting can tell), a stalled server and an error status
 * each fail and leave no file behind. Redirects are followed as for every outbound request.
 */
const BODY = new Uint8Array(300 * 1024).map((_, i) => (i * 13 + (i >> 10)) & 0xff);

const DRIVER = `
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { downloadFile } from ${JSON.stringify(join(ROOT, "src/service/outbound/download.ts"))};
const [base, dir] = process.argv.slice(2);
const out = {};
async function attempt(name, path, limits = {}) {
  const finalPath = join(dir, name + ".bin");
  try {
    const r = await downloadFile({ url: base + path, tempPath: finalPath + ".part", finalPath, maxBytes: 1024 * 1024, timeoutMs: 20000, idleMs: 5000, ...limits }, { allow: ["127.0.0.1"] });
    out[name] = { bytes: r.bytes, size: readFileSync(finalPath).length, files: readdirSync(dir).filter((f) => f.startsWith(name)) };
  } catch (err) {
    out[name] = { failure: err.failure ?? "other", message: err.message, files: readdirSync(dir).filter((f) => f.startsWith(name)) };
  }
}
await attempt("ok", "/file");
await attempt("redirected", "/moved");
await attempt("cut", "/cut");
await attempt("chunkedOver", "/chunked", { maxBytes: 100 * 1024 });
await attempt("stalled", "/stall", { idleMs: 300 });
await attempt("missing", "/missing");
console.log(JSON.stringify(out));`;

let dir: string;
let server: Server;
const sockets = new Set<Socket>();

function serve(req: IncomingMessage, res: ServerResponse): void {
  switch (req.url) {
    case "/file":
      res.writeHead(200, { "content-length": String(BODY.length) });
      return void res.end(BODY);
    case "/moved":
      res.writeHead(302, { location: "/file" });
      return void res.end("moved");
    case "/cut":
      res.writeHead(200, { "content-length": String(BODY.length) });
      res.write(BODY.subarray(0, 50 * 1024));
      return void setTimeout(() => res.socket?.destroy(), 50);
    case "/chunked":
      res.writeHead(200); // no length: chunked
      for (let at = 0; at < BODY.length; at += 16 * 1024) res.write(BODY.subarray(at, at + 16 * 1024));
      return void res.end();
    case "/stall":
      res.writeHead(200, { "content-length": String(BODY.length) });
      return void res.write(BODY.subarray(0, 1024)); // then nothing
    default:
      res.writeHead(404);
      res.end("no");
  }
}

beforeAll(async () => {
  dir = tempDir("tapserve-download-");
  server = createServer(serve);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

for (const runtime of RUNTIMES) {
  describe(`downloads on ${runtime}`, () => {
    test(
      "streamed to .part and renamed; failures leave nothing",
      async () => {
        const work = join(dir, runtime);
        const files = join(work, "files");
        mkdirSync(files, { recursive: true });
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const child = scriptOnRuntime(runtime, work, DRIVER, [base, files]);
        const exit = await child.exited;
        expect({ exit, output: exit.code === 0 ? "" : child.output() }).toEqual({ exit: { code: 0, signal: null }, output: "" });
        const out = JSON.parse(child.output().trim().split("\n").pop()!);
        expect(out.ok).toEqual({ bytes: BODY.length, size: BODY.length, files: ["ok.bin"] });
        expect(new Uint8Array(readFileSync(join(files, "ok.bin")))).toEqual(BODY);
        expect(out.redirected).toEqual({ bytes: BODY.length, size: BODY.length, files: ["redirected.bin"] });
        expect(out.cut).toMatchObject({ failure: "failed", files: [] });
        expect(out.cut.message).toContain("127.0.0.1");
        expect(out.chunkedOver).toEqual({ failure: "too-large", message: expect.stringContaining("larger than 102400 bytes"), files: [] });
        expect(out.stalled).toEqual({ failure: "timeout", message: expect.stringContaining("no data from 127.0.0.1"), files: [] });
        expect(out.missing).toEqual({ failure: "failed", message: expect.stringContaining("answered 404"), files: [] });
      },
      RUNTIME_SETUP_TIMEOUT_MS,
    );
  });
}

/**
 * The browser rules and body limits of issue 20 (items 1 and 5) on both runtimes: the service from source on
 * Bun and the Node bundle (what MiSTer runs) as real child processes, spoken to with raw HTTP as a browser or
 * an uploader would. The service process's peak memory (VmHWM) is read from /proc before and after 100 MB
 * uploads: neither runtime may read them whole.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rawRequest, rpcBody, upgradeHeaders } from "../fixtures/raw-http.ts";
import { NODE_X64_VERSION, RUNTIME_SETUP_TIMEOUT_MS, RUNTIMES, type RuntimeService, startOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

const MB = 1024 * 1024;
const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

for (const runtime of RUNTIMES) {
  describe(`browser rules and body limits on ${runtime === "bun" ? "Bun (source)" : `Node ${NODE_X64_VERSION} (bundle)`}`, () => {
    let root: string;
    let svc: RuntimeService;
    const json = { "content-type": "application/json" };

    beforeAll(async () => {
      root = tempDir(`tapserve-e2e-hardening-${runtime}-`);
      const dataDir = join(root, "data");
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, "config.toml"), "console_logging = false\n[service]\nmdns = false\n[readers]\nauto_detect = false\n");
      svc = await startOnRuntime(runtime, dataDir);
    }, RUNTIME_SETUP_TIMEOUT_MS);
    afterAll(async () => {
      if (svc) expect(await svc.stop()).toEqual({ code: 0, signal: null });
      rmSync(root, { recursive: true, force: true });
    });

    test("WebSocket upgrade: a foreign Origin or a rebinding Host is refused (403); no Origin and the phone app's origin upgrade", async () => {
      const upgrade = (headers: Record<string, string>) => rawRequest(svc.port, { headers: { ...upgradeHeaders, ...headers } });
      const foreign = await upgrade({ origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toContain("origin");
      expect((await upgrade({ host: `rebind.evil.example:${svc.port}` })).status).toBe(403);
      expect((await upgrade({})).status).toBe(101);
      expect((await upgrade({ origin: "capacitor://localhost" })).status).toBe(101);
      expect((await upgrade({ origin: `http://127.0.0.1:${svc.port}` })).status).toBe(101);
    });

    test("POST /api: text/plain is 415, a foreign Origin 403; application/json runs", async () => {
      expect((await rawRequest(svc.port, { method: "POST", path: "/api", body: rpcBody("version"), headers: { "content-type": "text/plain" } })).status).toBe(415);
      expect((await rawRequest(svc.port, { method: "POST", path: "/api", body: rpcBody("version"), headers: { ...json, origin: "https://evil.example" } })).status).toBe(403);
      const ok = await rawRequest(svc.port, { method: "POST", path: "/api", body: rpcBody("version"), headers: json });
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body).result.platform).toBe("linux");
    });

    test("GET /l/ from another site is refused (403)", async () => {
      expect((await rawRequest(svc.port, { path: "/l/**echo:x", headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    });

    test("100 MB uploads, declared and chunked, are refused while reading (413) and the service's peak memory stays flat", async () => {
      const pid = svc.child.proc.pid!;
      const before = peakRss(pid);
      const path = "/api/pair/start";
      const declared = await rawRequest(svc.port, { method: "POST", path, headers: json, streamBytes: 100 * MB });
      const chunked = await rawRequest(svc.port, { method: "POST", path, headers: json, streamBytes: 100 * MB, chunked: true });
      const api = await rawRequest(svc.port, { method: "POST", path: "/api", headers: json, streamBytes: 100 * MB, chunked: true });
      // Refused while reading: 413, or (a race of TCP, not of the service) the connection reset under a client
      // still writing once the service stopped reading; either way far less than 100 MB went in.
      for (const r of [declared, chunked, api]) {
        expect([0, 413]).toContain(r.status);
        expect(r.sent).toBeLessThan(100 * MB);
      }
      const grown = peakRss(pid) - before;
      process.stderr.write(`${runtime}: three 100 MB uploads, ${[declared, chunked, api].map((r) => `${r.status || "reset"} after ${(r.sent / MB).toFixed(1)} MiB`).join(", ")}; peak RSS +${(grown / MB).toFixed(1)} MiB\n`);
      expect(grown).toBeLessThan(48 * MB);
      // The service still answers afterwards.
      expect((await rawRequest(svc.port, { method: "POST", path: "/api", body: rpcBody("version"), headers: json })).status).toBe(200);
    }, 60_000);
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/** wss: TLS from service.tls_cert / tls_key, anonymous plaintext JSON-RPC inside it, from any address. */
const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "remote-client.ts");

let svc: TestService;
let ns: NetNamespace;
const certDir = tempDir("tapserve-cert-");

beforeAll(async () => {
  const cert = join(certDir, "cert.pem");
  const key = join(certDir, "key.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=tapserve-test",
  ], { stdio: "ignore" });
  svc = await startService({ host: "0.0.0.0", configToml: `[service]\ntls_cert = "${cert}"\ntls_key = "${key}"\n` });
  ns = createNetNamespace();
});
afterAll(async () => {
  ns?.remove();
  await svc?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

function wss(url: string): Promise<{ ws: WebSocket; next(): Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { tls: { rejectUnauthorized: false } } as unknown as string[]);
    const frames: string[] = [];
    const waiters: Array<(f: string) => void> = [];
    ws.onmessage = (e) => {
      const w = waiters.shift();
      if (w) w(String(e.data));
      else frames.push(String(e.data));
    };
    ws.onopen = () =>
      resolve({
        ws,
        next: () => new Promise((r) => (frames.length ? r(JSON.parse(frames.shift()!)) : waiters.push((f) => r(JSON.parse(f))))),
      });
    ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
}

describe("wss", () => {
  test("from the device itself: plaintext JSON-RPC over TLS, client management allowed", async () => {
    const c = await wss(`wss://127.0.0.1:${svc.port}/`);
    c.ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "clients.new", params: { name: "via wss" } }));
    const r = (await c.next()) as { result: { id: string; secret: string } };
    expect(r.result.secret).toMatch(/^[0-9a-f]{64}$/);
    c.ws.close();
  });

  test("from a remote host: anonymous plaintext JSON-RPC works, client management is refused", async () => {
    const plan = { scenario: "plaintextOverTls", url: `wss://${ns.hostAddress}:${svc.port}/api/v0.1` };
    const out = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(plan) } });
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout.trim()) as { version: { result: { platform: string } }; clientsNew: { error: { code: number } } };
    expect(r.version.result.platform).toBe("linux");
    expect(r.clientsNew.error.code).toBe(-32003);
  });

  test("the TLS port does not speak cleartext WebSocket", async () => {
    const failed = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${svc.port}/`);
      ws.onopen = () => {
        ws.close();
        resolve(false);
      };
      ws.onerror = () => resolve(true);
    });
    expect(failed).toBe(true);
  });
});

/**
 * Issue 20 item 1, black-box: the service on a real loopback port, spoken to as a browser would (raw HTTP with
 * a browser's Origin, Host, Sec-Fetch-Site and Content-Type), and as plain clients do (no Origin; the phone
 * app's WebView origins; the device's own web app, same-origin). Refused requests change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hostname } from "node:os";
import { waitFor } from "../fixtures/launch-env.ts";
import { rawRequest, rpcBody, upgradeHeaders } from "../fixtures/raw-http.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry } from "../../src/core/wire/index.ts";

let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  svc = await startService({ configToml: '[service]\nallowed_origins = ["https://zaparoo.app", "kiosk.home"]\n' });
  client = await svc.connect();
});
afterAll(async () => {
  await svc?.stop();
});

const mappingCount = async () => (await client.call<{ mappings: unknown[] }>("mappings")).mappings.length;
const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;
const newMapping = rpcBody("mappings.new", { label: "x", type: "text", match: "exact", pattern: "abc", override: "**echo:pwned", enabled: true });
const upgrade = (headers: Record<string, string>) => rawRequest(svc.port, { headers: { ...upgradeHeaders, ...headers } });
const own = () => `http://127.0.0.1:${svc.port}`;

describe("WebSocket upgrade", () => {
  test("a foreign Origin is refused with 403 and a reason, and no upgrade", async () => {
    for (const origin of ["https://evil.example", `http://evil.example:${svc.port}`, "http://127.0.0.1:1", "null"]) {
      const r = await upgrade({ origin });
      expect(r.status).toBe(403);
      expect(r.body).toContain("origin");
    }
  });
  test("DNS rebinding: a loopback connection whose Host is another name is refused", async () => {
    const r = await upgrade({ host: `rebind.evil.example:${svc.port}` });
    expect(r.status).toBe(403);
    expect(r.body).toContain("Host");
  });
  test("no Origin (scripts, native apps), the phone app's origins, the service's own and listed origins upgrade", async () => {
    const label = hostname().split(".")[0]!.toLowerCase();
    const cases: Record<string, string>[] = [
      {},
      { origin: "capacitor://localhost" },
      { origin: "ionic://localhost" },
      { origin: "http://localhost" },
      { origin: "https://localhost" },
      { origin: own() },
      { origin: `http://localhost:${svc.port}`, host: `localhost:${svc.port}` },
      { origin: `http://${label}.local:${svc.port}`, host: `${label}.local:${svc.port}` },
      { origin: "https://zaparoo.app" },
      { origin: `http://kiosk.home:${svc.port}` },
    ];
    for (const headers of cases) {
      expect({ headers, status: (await upgrade(headers)).status }).toEqual({ headers, status: 101 });
    }
  });
  test("the hosted web app is not allowed unless listed", async () => {
    const plain = await startService();
    try {
      const r = await rawRequest(plain.port, { headers: { ...upgradeHeaders, origin: "https://zaparoo.app" } });
      expect(r.status).toBe(403);
    } finally {
      await plain.stop();
    }
  });
});

describe("POST /api", () => {
  test("a cross-site text/plain POST (a form or a no-cors fetch) is refused and creates nothing", async () => {
    const before = await mappingCount();
    const foreign = await rawRequest(svc.port, { method: "POST", path: "/api", body: newMapping, headers: { origin: "https://evil.example", "content-type": "text/plain", "sec-fetch-site": "cross-site" } });
    expect(foreign.status).toBe(403);
    for (const type of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await rawRequest(svc.port, { method: "POST", path: "/api", body: newMapping, headers: { "content-type": type } });
      expect(r.status).toBe(415);
    }
    const untyped = await rawRequest(svc.port, { method: "POST", path: "/api", body: newMapping });
    expect(untyped.status).toBe(415);
    expect(await mappingCount()).toBe(before);
    // The same body as JSON from a plain client does create the mapping: the refusals above were the rules.
    const json = await rawRequest(svc.port, { method: "POST", path: "/api", body: newMapping, headers: { "content-type": "application/json" } });
    expect(JSON.parse(json.body).result.id).toBeNumber();
    expect(await mappingCount()).toBe(before + 1);
  });
  test("DNS rebinding: a JSON POST from loopback with a foreign Host is refused", async () => {
    const before = await mappingCount();
    const r = await rawRequest(svc.port, { method: "POST", path: "/api", body: newMapping, headers: { host: "rebind.evil.example", "content-type": "application/json" } });
    expect(r.status).toBe(403);
    expect(await mappingCount()).toBe(before);
  });
  test("curl-like (no Origin) and the device's web app (same origin) with application/json work", async () => {
    const cases: Record<string, string>[] = [{ "content-type": "application/json" }, { "content-type": "application/json; charset=utf-8", origin: own(), "sec-fetch-site": "same-origin" }];
    for (const headers of cases) {
      const r = await rawRequest(svc.port, { method: "POST", path: "/api", body: rpcBody("version"), headers });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body).result.version).toBeString();
    }
  });
});

describe("GET /api/events", () => {
  test("a foreign Origin or a rebinding Host is refused; the web app's EventSource is served", async () => {
    expect((await rawRequest(svc.port, { path: "/api/events", headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await rawRequest(svc.port, { path: "/api/events", headers: { host: "rebind.evil.example" } })).status).toBe(403);
    const ctrl = new AbortController();
    const ok = await fetch(`${svc.http}/api/events`, { signal: ctrl.signal, headers: { origin: own() } });
    expect(ok.status).toBe(200);
    ctrl.abort();
  });
});

describe("GET /l/", () => {
  test("a cross-site or same-site link, a foreign Origin or a rebinding Host launches nothing; a typed URL does", async () => {
    const before = (await history()).length;
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { host: "rebind.evil.example" },
    ];
    for (const headers of refused) expect((await rawRequest(svc.port, { path: "/l/**echo:pwned", headers })).status).toBe(403);
    const typed = await rawRequest(svc.port, { path: "/l/**echo:typed", headers: { "sec-fetch-site": "none" } });
    expect(typed.status).toBe(200);
    const entries = await waitFor(async () => {
      const e = await history();
      return e.length > before ? e : undefined;
    }, "the typed launch in the history");
    expect(entries.length).toBe(before + 1);
    expect(entries[0]!.text).toBe("**echo:typed");
  });
});

describe("pairing", () => {
  test("a foreign Origin is refused before a pairing session starts", async () => {
    const r = await rawRequest(svc.port, { method: "POST", path: "/api/pair/start", body: "{}", headers: { origin: "https://evil.example", "content-type": "application/json" } });
    expect(r.status).toBe(403);
  });
});

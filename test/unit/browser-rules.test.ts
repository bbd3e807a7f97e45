import { describe, expect, test } from "bun:test";
import { requestCount } from "../../src/api/limits/batch-items.ts";
import { SessionSlots } from "../../src/api/limits/session-slots.ts";
import {
  expandAllowedOrigins,
  hostOfHeader,
  isJsonContentType,
  judgeRequest,
  loopbackHostAllowed,
  originAllowed,
  type RequestFacts,
  type SelfNames,
  validOriginEntry,
} from "../../src/core/net/browser-rules.ts";

const self: SelfNames = { port: 7497, names: ["mister", "mister.local", "mister-2.local"], addresses: ["192.168.1.20", "fe80::1234", "127.0.0.1", "::1"] };

describe("Origin", () => {
  test("the service's own origins: http/https × its names and addresses × its port, any case", () => {
    for (const o of [
      "http://127.0.0.1:7497",
      "http://127.3.4.5:7497",
      "https://localhost:7497",
      "http://[::1]:7497",
      "http://192.168.1.20:7497",
      "HTTP://MiSTer.Local:7497",
      "http://mister:7497",
      "http://mister-2.local:7497",
      "http://[fe80::1234]:7497",
    ]) {
      expect(originAllowed(o, self, [])).toBe(true);
    }
  });
  test("the phone app's WebView origins", () => {
    for (const o of ["capacitor://localhost", "ionic://localhost", "http://localhost", "https://localhost", "Capacitor://LocalHost"]) {
      expect(originAllowed(o, self, [])).toBe(true);
    }
  });
  test("foreign origins, other ports, odd values and the hosted web app are refused", () => {
    for (const o of [
      "https://evil.example",
      "http://evil.example:7497",
      "http://127.0.0.1:8080",
      "http://localhost:3000",
      "http://192.168.1.21:7497",
      "https://zaparoo.app",
      "null",
      "",
      "file://",
      "http://127.0.0.1:7497/path",
      "http://user@127.0.0.1:7497",
      "capacitor://evil",
      "http://mister.local.evil.example:7497",
    ]) {
      expect(originAllowed(o, self, [])).toBe(false);
    }
  });
  test("default ports: the service on 80 accepts an origin without a port", () => {
    const on80 = { ...self, port: 80 };
    expect(originAllowed("http://mister.local", on80, [])).toBe(true);
    expect(originAllowed("http://mister.local:80", on80, [])).toBe(false); // not an origin a browser sends
    expect(originAllowed("https://mister.local", on80, [])).toBe(false);
  });
  test("service.allowed_origins: full origins as is, bare host names as http/https with and without the port", () => {
    expect(expandAllowedOrigins(["https://zaparoo.app/", "ha.home", "capacitor://x", "http://kiosk:8123", " "], 7497)).toEqual([
      "https://zaparoo.app",
      "https://zaparoo.app:7497",
      "http://ha.home",
      "https://ha.home",
      "http://ha.home:7497",
      "https://ha.home:7497",
      "capacitor://x",
      "http://kiosk:8123",
    ]);
    const allowed = ["https://Zaparoo.app", "ha.home"];
    for (const o of ["https://zaparoo.app", "HTTPS://ZAPAROO.APP", "http://ha.home:7497", "https://ha.home"]) expect(originAllowed(o, self, allowed)).toBe(true);
    for (const o of ["https://zaparoo.app:8443", "http://ha.home:8123", "https://other.app"]) expect(originAllowed(o, self, allowed)).toBe(false);
  });
});

describe("Host from a loopback peer (DNS rebinding)", () => {
  test("loopback literals, localhost and the device's names with any port are the device", () => {
    for (const h of ["127.0.0.1", "127.0.0.1:7497", "[::1]:7497", "[::1]", "localhost", "LOCALHOST:1", "mister.local:7497", "mister-2.local", "mister", "localhost.", "192.168.1.20:7497", undefined, null, ""]) {
      expect(loopbackHostAllowed(h, self)).toBe(true);
    }
  });
  test("any other name, or a malformed Host, is refused", () => {
    for (const h of ["evil.example", "evil.example:7497", "127.0.0.1.nip.io:7497", "localhost.evil.example", "mister.local.evil", "10.0.0.9", "[::1", "::1", "a:b:c", "127.0.0.1:x", "[::1]x"]) {
      expect(loopbackHostAllowed(h, self)).toBe(false);
    }
  });
  test("hostOfHeader splits the port off", () => {
    expect(hostOfHeader("[::1]:80")).toBe("[::1]");
    expect(hostOfHeader("a.b:80")).toBe("a.b");
    expect(hostOfHeader("a.b")).toBe("a.b");
    expect(hostOfHeader("a:b")).toBeNull();
  });
});

describe("Content-Type of POST /api", () => {
  test("application/json with any parameters", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    for (const t of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "", null, undefined]) {
      expect(isJsonContentType(t)).toBe(false);
    }
  });
});

describe("judgeRequest", () => {
  const req = (over: Partial<RequestFacts> & { headers?: RequestFacts["headers"] }): RequestFacts => ({ kind: "api", method: "POST", loopback: true, headers: {}, ...over });
  const json = { contentType: "application/json" };
  test("no browser headers: judged by the peer address alone", () => {
    expect(judgeRequest(req({ kind: "socket", method: "GET" }), self, [])).toEqual({ ok: true });
    expect(judgeRequest(req({ headers: json }), self, [])).toEqual({ ok: true });
    expect(judgeRequest(req({ kind: "launch", method: "GET" }), self, [])).toEqual({ ok: true });
  });
  test("a foreign Origin is refused on every kind", () => {
    for (const kind of ["socket", "api", "events", "pairing", "launch"] as const) {
      const v = judgeRequest(req({ kind, headers: { ...json, origin: "https://evil.example" } }), self, []);
      expect(v).toMatchObject({ ok: false, status: 403 });
    }
  });
  test("DNS rebinding: a loopback peer with a foreign Host is refused, a remote one is not judged by Host", () => {
    expect(judgeRequest(req({ kind: "events", method: "GET", headers: { host: "rebind.evil.example:7497" } }), self, [])).toMatchObject({ ok: false, status: 403 });
    expect(judgeRequest(req({ kind: "events", method: "GET", loopback: false, headers: { host: "mister.fritz.box:7497" } }), self, [])).toEqual({ ok: true });
  });
  test("POST /api without application/json is 415", () => {
    expect(judgeRequest(req({ headers: { contentType: "text/plain" } }), self, [])).toMatchObject({ ok: false, status: 415 });
    expect(judgeRequest(req({ headers: {} }), self, [])).toMatchObject({ ok: false, status: 415 });
  });
  test("GET /l/: only same-origin or a typed URL (none); cross-site and same-site are refused", () => {
    const launch = (site: string) => judgeRequest(req({ kind: "launch", method: "GET", headers: { secFetchSite: site } }), self, []);
    expect(launch("none")).toEqual({ ok: true });
    expect(launch("same-origin")).toEqual({ ok: true });
    expect(launch("cross-site")).toMatchObject({ ok: false, status: 403 });
    expect(launch("same-site")).toMatchObject({ ok: false, status: 403 });
  });
});

describe("WebSocket slots", () => {
  test("a remote address gets at most its share; loopback keeps its reserve", () => {
    const slots = new SessionSlots({ total: 10, perRemoteAddress: 3, reservedForLoopback: 2 });
    for (let i = 0; i < 3; i++) expect(slots.take("10.0.0.2", false)).toBeNull();
    expect(slots.take("::ffff:10.0.0.2", false)).toBe("address");
    for (let i = 0; i < 3; i++) expect(slots.take("10.0.0.3", false)).toBeNull();
    expect(slots.take("10.0.0.4", false)).toBeNull();
    expect(slots.take("10.0.0.4", false)).toBeNull();
    expect(slots.take("10.0.0.5", false)).toBe("full"); // 8 remote open: the last 2 are loopback's
    expect(slots.take("127.0.0.1", true)).toBeNull();
    expect(slots.take("::1", true)).toBeNull();
    expect(slots.take("127.0.0.1", true)).toBe("full");
    slots.release("10.0.0.2", false); // 7 remote, 2 loopback open
    expect(slots.take("10.0.0.2", false)).toBeNull();
    expect(slots.take("10.0.0.6", false)).toBe("full");
    slots.release("127.0.0.1", true); // the loopback slot freed is still loopback's
    expect(slots.take("10.0.0.6", false)).toBe("full");
    slots.release("10.0.0.3", false);
    expect(slots.take("10.0.0.6", false)).toBeNull();
  });
});

describe("requests in a frame", () => {
  test("a single request is one; a batch counts its top-level items", () => {
    expect(requestCount('{"jsonrpc":"2.0","id":1,"method":"version"}')).toBe(1);
    expect(requestCount(" [ ] ")).toBe(1);
    expect(requestCount('[{"a":[1,2,3]},{"b":"x,]\\",y"},3]')).toBe(3);
    expect(requestCount(`\n[${Array.from({ length: 100 }, (_, i) => `{"id":${i},"p":{"a":[1,2]}}`).join(",")}]`)).toBe(100);
  });
});

describe("service.allowed_origins entries", () => {
  test("origins and bare host names are entries; wildcards, paths and spaces are config errors", () => {
    for (const e of ["https://zaparoo.app", "https://zaparoo.app/", "http://kiosk.home:8123", "capacitor://localhost", "ha.home", "192.168.1.9", "HTTPS://Example.COM"]) {
      expect({ e, ok: validOriginEntry(e) }).toEqual({ e, ok: true });
    }
    for (const e of ["*", "https://*.example", "https://a.example/path", "https://a.example?x", "a b", "", "http://", "https://user@a.example"]) {
      expect({ e, ok: validOriginEntry(e) }).toEqual({ e, ok: false });
    }
  });
});

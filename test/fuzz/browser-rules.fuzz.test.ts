/**
 * Browser rules over hostile header text: Origin, Host, Sec-Fetch-Site and Content-Type values never throw; a
 * request without them is never refused; an Origin on another port or a host the device does not own is never
 * allowed; a loopback peer whose Host names another host is always refused.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { judgeRequest, originAllowed, type SelfNames } from "../../src/core/net/browser-rules.ts";
import { requestCount } from "../../src/api/limits/batch-items.ts";
import { anyText, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const self: SelfNames = { port: 7497, names: ["mister", "mister.local"], addresses: ["192.168.1.20", "127.0.0.1", "::1"] };
const HEADER_TOKENS = ["http://", "https://", "capacitor://", "localhost", "127.0.0.1", "[::1]", "mister", ".local", ":7497", ":80", "/", "@", "%", ".", "evil", "null", " ", ";", "application/json"];
const headerText = fc.oneof(tokenText(HEADER_TOKENS, 8), anyText(40));
const kind = fc.constantFrom("socket", "api", "events", "pairing", "launch" as const);
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);

describe("fuzz: browser rules", () => {
  test("browser-rules.judgeRequest: header text never throws; no browser headers is never refused (JSON POST)", () => {
    fuzz(
      fc.property(kind, fc.boolean(), headerText, headerText, headerText, headerText, (k, loopback, origin, host, site, type) => {
        const v = judgeRequest({ kind: k, method: "POST", loopback, headers: { origin, host, secFetchSite: site, contentType: type } }, self, ["kiosk.home"]);
        expect(typeof v.ok).toBe("boolean");
        expect(judgeRequest({ kind: k, method: "POST", loopback, headers: { contentType: "application/json" } }, self, [])).toEqual({ ok: true });
      }),
    );
  }, fuzzTimeout());

  test("browser-rules.originAllowed: another port or a foreign host name is never the service's own origin", () => {
    fuzz(
      fc.property(fc.constantFrom("http", "https"), label, fc.integer({ min: 1, max: 65535 }), (scheme, host, port) => {
        fc.pre(!["mister", "localhost"].includes(host));
        expect(originAllowed(`${scheme}://${host}.example:${self.port}`, self, [])).toBe(false);
        expect(originAllowed(`${scheme}://${host}:${self.port}`, self, [])).toBe(false);
        if (port !== self.port && port !== 80 && port !== 443) expect(originAllowed(`${scheme}://127.0.0.1:${port}`, self, [])).toBe(false);
      }),
    );
  }, fuzzTimeout());

  test("browser-rules.judgeRequest: a loopback peer whose Host is another name is refused on every kind", () => {
    fuzz(
      fc.property(kind, label, fc.option(fc.integer({ min: 1, max: 65535 })), (k, host, port) => {
        fc.pre(!["mister", "localhost"].includes(host));
        const v = judgeRequest({ kind: k, method: "GET", loopback: true, headers: { host: `${host}.example${port === null ? "" : `:${port}`}` } }, self, []);
        expect(v).toMatchObject({ ok: false, status: 403 });
      }),
    );
  }, fuzzTimeout());

  test("batch-items.requestCount: never throws, at least 1, and exact for a JSON array", () => {
    fuzz(
      fc.property(anyText(200), fc.array(fc.jsonValue(), { minLength: 1, maxLength: 20 }), (text, items) => {
        expect(requestCount(text)).toBeGreaterThanOrEqual(1);
        expect(requestCount(JSON.stringify(items))).toBe(items.length);
      }),
    );
  }, fuzzTimeout());
});

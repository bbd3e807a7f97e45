import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { join } from "node:path";
import { OutboundError } from "../../src/service/outbound/errors.ts";
import { type OutboundPolicy, type OutboundRequest, outboundRequest } from "../../src/service/outbound/request.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * The outbound guard against real loopback servers (127.0.0.1 and 127.0.0.2, allowed through allow_http where a
 * test needs them). Names are resolved by an injected resolver where a test needs a name to point somewhere.
 */
interface Seen {
  method: string;
  url: string;
  host: string;
  servername: string;
  authorization: string;
  contentType: string;
  body: string;
}
type Handler = (req: Seen, res: ServerResponse) => void;
interface Stand {
  port: number;
  seen: Seen[];
  url: string;
}

const servers: Server[] = [];
const sockets = new Set<Socket>();
const certDir = tempDir("tapserve-outbound-cert-");
let cert = "";
let key = "";

async function serve(address: string, handler: Handler, tls = false): Promise<Stand> {
  const seen: Seen[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: Seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        host: req.headers.host ?? "",
        servername: String((req.socket as TLSSocket).servername ?? ""),
        authorization: req.headers.authorization ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(rec);
      handler(rec, res);
    });
  };
  const server = tls ? createHttps({ cert, key }, onRequest) : createHttp(onRequest);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, address, r));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return { port, seen, url: `${tls ? "https" : "http"}://${address}:${port}` };
}

const ok: Handler = (_req, res) => res.end("ok");
const LOOPBACK_ONE: OutboundPolicy = { allow: ["127.0.0.1"] };
const get = (url: string, extra: Partial<OutboundRequest> = {}) => ({ method: "GET", url, ...extra });

async function refusal(req: OutboundRequest, policy: OutboundPolicy): Promise<OutboundError> {
  const err = await outboundRequest(req, policy).then(
    () => new Error("the request was not refused"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

let plain: Stand;
let second: Stand;
let chain: Stand;

beforeAll(async () => {
  key = join(certDir, "key.pem");
  const certFile = join(certDir, "cert.pem");
  const subject = ["-subj", "/CN=outbound.test", "-addext", "subjectAltName=DNS:outbound.test"];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certFile, "-days", "1", ...subject], { stdio: "ignore" });
  cert = readFileSync(certFile, "utf8");
  key = readFileSync(key, "utf8");
  plain = await serve("127.0.0.1", ok);
  second = await serve("127.0.0.2", ok);
  // /hop/<n> redirects to /hop/<n-1>; /hop/0 answers.
  chain = await serve("127.0.0.1", (req, res) => {
    const n = Number(req.url.split("/")[2]);
    if (n > 0) res.writeHead(302, { location: `/hop/${n - 1}` });
    res.end(n > 0 ? "" : "arrived");
  });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(certDir, { recursive: true, force: true });
});

describe("address rules", () => {
  test("loopback is refused by default, before anything is sent", async () => {
    const err = await refusal(get(`${plain.url}/x`), { allow: [] });
    expect(err.message).toBe("127.0.0.1 is a loopback address; add it to zapscript.allow_http to allow it");
    expect(err.failure).toBe("refused");
    expect(plain.seen).toHaveLength(0);
  });

  test("listing the address (or a block around it) allows it; the reply carries status, body and URL", async () => {
    const reply = await outboundRequest(get(`${plain.url}/y?q=1`), LOOPBACK_ONE);
    expect(reply.status).toBe(200);
    expect(new TextDecoder().decode(reply.body)).toBe("ok");
    expect(reply.url.href).toBe(`${plain.url}/y?q=1`);
    expect(plain.seen.at(-1)).toMatchObject({ method: "GET", url: "/y?q=1", host: `127.0.0.1:${plain.port}` });
    expect((await outboundRequest(get(second.url), { allow: ["127.0.0.0/24"] })).status).toBe(200);
  });

  test("user and password in the URL are sent as Basic authorization, not in the Host header", async () => {
    await outboundRequest(get(`http://hub:p%40ss@127.0.0.1:${plain.port}/auth`), LOOPBACK_ONE);
    expect(plain.seen.at(-1)).toMatchObject({ url: "/auth", host: `127.0.0.1:${plain.port}`, authorization: `Basic ${btoa("hub:p@ss")}` });
  });

  test("a name that resolves to loopback is refused; listing the name allows it", async () => {
    const url = `http://localhost:${plain.port}/by-name`;
    const err = await refusal(get(url), { allow: [] });
    expect(err.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address; add localhost or \S+ to zapscript.allow_http to allow it$/);
    expect(plain.seen.some((s) => s.url === "/by-name")).toBe(false);
    // Either loopback address may come first; a refused connection to ::1 falls through to 127.0.0.1.
    expect((await outboundRequest(get(url), { allow: ["localhost"] })).status).toBe(200);
  });

  test("the name is resolved once and the connection goes to the address that was checked", async () => {
    const answers = [["127.0.0.2"], ["127.0.0.1"]];
    let calls = 0;
    const resolve = async () => answers[calls++] ?? [];
    const url = `http://rebind.test:${second.port}/once`;
    expect((await outboundRequest(get(url), { allow: ["127.0.0.2"], resolve })).status).toBe(200);
    expect(calls).toBe(1);
    expect(second.seen.at(-1)).toMatchObject({ url: "/once", host: `rebind.test:${second.port}` });
  });

  test("every resolved address is checked: one refused address refuses the name", async () => {
    const resolve = async () => ["10.99.0.1", "127.0.0.1"];
    const err = await refusal(get(`http://mixed.test:${plain.port}/`), { allow: [], resolve });
    expect(err.message).toContain("mixed.test resolves to 127.0.0.1, a loopback address");
  });

  test("the device's own addresses, link-local and unspecified addresses are refused", async () => {
    const ownAddresses = () => ["10.99.0.7"];
    expect((await refusal(get("http://10.99.0.7/"), { allow: [], ownAddresses })).message).toContain("one of this device's own addresses");
    expect((await refusal(get("http://169.254.169.254/latest"), { allow: [] })).message).toContain("a link-local address");
    expect((await refusal(get("http://[fe80::1]/"), { allow: [] })).message).toContain("a link-local address");
    expect((await refusal(get("http://0.0.0.0:1/"), { allow: [] })).message).toContain("an unspecified address");
    expect((await refusal(get("http://[::ffff:127.0.0.1]/"), { allow: [] })).message).toContain("a loopback address");
    expect((await refusal(get("http://0x7f.1/"), { allow: [] })).message).toContain("127.0.0.1 is a loopback address");
  });

  test("a name that does not resolve and a non-http URL fail clearly", async () => {
    const resolve = async () => Promise.reject(Object.assign(new Error("nope"), { code: "ENOTFOUND" }));
    expect((await refusal(get("http://gone.test/"), { allow: [], resolve })).message).toBe("cannot resolve gone.test (ENOTFOUND)");
    expect((await refusal(get("file:///etc/passwd"), { allow: [] })).failure).toBe("bad-url");
  });
});

describe("redirects", () => {
  test("up to 5 are followed; a 6th is an error", async () => {
    const reply = await outboundRequest(get(`${chain.url}/hop/5`), LOOPBACK_ONE);
    expect(new TextDecoder().decode(reply.body)).toBe("arrived");
    expect(reply.url.pathname).toBe("/hop/0");
    const before = chain.seen.length;
    const err = await refusal(get(`${chain.url}/hop/6`), LOOPBACK_ONE);
    expect(err.failure).toBe("too-many-redirects");
    expect(err.message).toBe(`more than 5 redirects (the last from 127.0.0.1:${chain.port})`);
    expect(chain.seen.length - before).toBe(6);
  });

  test("each hop is checked again: a redirect from an allowed host to one that is not allowed is refused", async () => {
    const jump = await serve("127.0.0.1", (_req, res) => {
      res.writeHead(307, { location: `${second.url}/target` });
      res.end();
    });
    const err = await refusal(get(`${jump.url}/start`), LOOPBACK_ONE);
    expect(err.message).toBe("127.0.0.2 is a loopback address; add it to zapscript.allow_http to allow it");
    expect(second.seen.some((s) => s.url === "/target")).toBe(false);
  });

  test("a redirect to another scheme is refused", async () => {
    const jump = await serve("127.0.0.1", (_req, res) => {
      res.writeHead(302, { location: "file:///etc/passwd" });
      res.end();
    });
    const err = await refusal(get(jump.url), LOOPBACK_ONE);
    expect(err.message).toBe(`redirect from 127.0.0.1:${jump.port}: only http and https URLs are allowed, not file:`);
  });

  test("303 turns a POST into a GET without body; 307 keeps it; credentials stay with their origin", async () => {
    const jump = await serve("127.0.0.1", (req, res) => {
      res.writeHead(req.url === "/see-other" ? 303 : 307, { location: `${plain.url}/landed` });
      res.end();
    });
    const post = { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer x" }, body: '{"a":1}' };
    await outboundRequest({ ...post, url: `${jump.url}/see-other` }, LOOPBACK_ONE);
    expect(jump.seen.at(-1)).toMatchObject({ method: "POST", body: '{"a":1}', authorization: "Bearer x" });
    expect(plain.seen.at(-1)).toMatchObject({ method: "GET", url: "/landed", body: "", contentType: "", authorization: "" });
    await outboundRequest({ ...post, url: `${jump.url}/temporary` }, LOOPBACK_ONE);
    expect(plain.seen.at(-1)).toMatchObject({ method: "POST", url: "/landed", body: '{"a":1}', contentType: "application/json", authorization: "" });
  });
});

describe("limits", () => {
  test("an answer over the cap is an error, with or without a Content-Length", async () => {
    const big = await serve("127.0.0.1", (req, res) => {
      if (req.url === "/declared") res.setHeader("content-length", 3000);
      res.end("x".repeat(3000));
    });
    const small = { ...LOOPBACK_ONE };
    for (const path of ["/declared", "/chunked"]) {
      const err = await refusal(get(`${big.url}${path}`, { maxBytes: 2048 }), small);
      expect(err.message).toBe(`the answer from 127.0.0.1:${big.port} is larger than 2048 bytes`);
    }
    expect((await outboundRequest(get(`${big.url}/chunked`, { maxBytes: 3000 }), small)).body.length).toBe(3000);
  });

  test("one deadline covers the whole exchange; the caller's signal cancels it", async () => {
    const hung = await serve("127.0.0.1", () => {});
    const started = Date.now();
    const err = await refusal(get(hung.url, { timeoutMs: 300 }), LOOPBACK_ONE);
    expect(err.message).toBe(`no complete answer from 127.0.0.1:${hung.port} within 0.3 s`);
    expect(Date.now() - started).toBeLessThan(2000);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    expect((await refusal(get(hung.url, { signal: stop.signal }), LOOPBACK_ONE)).failure).toBe("cancelled");
  });
});

describe("https to the checked address", () => {
  test("SNI and the certificate check use the URL's name while the connection goes to the resolved address", async () => {
    const tls = await serve("127.0.0.2", ok, true);
    let calls = 0;
    const resolve = async () => (calls++, ["127.0.0.2"]);
    const policy = { allow: ["127.0.0.2"], resolve, ca: cert };
    const reply = await outboundRequest(get(`https://outbound.test:${tls.port}/secure`), policy);
    expect(reply.status).toBe(200);
    expect(calls).toBe(1);
    expect(tls.seen.at(-1)).toMatchObject({ url: "/secure", host: `outbound.test:${tls.port}`, servername: "outbound.test" });
    const wrong = await refusal(get(`https://other.test:${tls.port}/`), policy);
    expect(wrong.failure).toBe("failed");
    expect(wrong.message).toMatch(/^request to other\.test:\d+ failed: .*altnames/);
    expect((await refusal(get(`https://outbound.test:${tls.port}/`), { allow: ["127.0.0.2"], resolve })).failure).toBe("failed");
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { ROOT } from "../fixtures/process.ts";
import { RUNTIME_SETUP_TIMEOUT_MS, RUNTIMES, scriptOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * The connection goes to the checked address on both runtimes: a program on Bun (from source) and on Node (the
 * bundle, as on MiSTer) sends requests through src/service/outbound to loopback servers on 127.0.0.2, naming
 * hosts that only an injected resolver knows (its second answer would be 127.0.0.1, where nothing listens);
 * the servers record the Host header and the TLS server name they saw.
 */
const DRIVER = `
import { readFileSync } from "node:fs";
import { outboundRequest } from ${JSON.stringify(join(ROOT, "src/service/outbound/request.ts"))};
const [httpPort, httpsPort, certFile] = process.argv.slice(2);
const ca = readFileSync(certFile, "utf8");
let calls = 0;
const resolve = async () => (calls++ === 0 ? ["127.0.0.2"] : ["127.0.0.1"]);
const out = {};
async function attempt(name, req, policy) {
  calls = 0;
  try {
    const r = await outboundRequest(req, policy);
    out[name] = { status: r.status, body: new TextDecoder().decode(r.body), calls };
  } catch (err) {
    out[name] = { failure: err.failure, message: err.message, calls };
  }
}
const allow = ["127.0.0.2"];
await attempt("http", { method: "POST", url: "http://lan.test:" + httpPort + "/p", headers: { "content-type": "text/plain" }, body: "hi" }, { allow, resolve });
await attempt("https", { method: "GET", url: "https://outbound.test:" + httpsPort + "/s" }, { allow, resolve, ca });
await attempt("wrongName", { method: "GET", url: "https://other.test:" + httpsPort + "/s" }, { allow, resolve, ca });
await attempt("toLoopback", { method: "GET", url: "http://lan.test:" + httpPort + "/to-loopback" }, { allow, resolve });
await attempt("loopback", { method: "GET", url: "http://127.0.0.1:" + httpPort + "/" }, { allow: [] });
console.log(JSON.stringify(out));`;

let dir: string;
let httpServer: Server;
let httpsServer: Server;
const seen: Array<{ url: string; host: string; servername: string; body: string }> = [];

function record(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ url: req.url ?? "", host: req.headers.host ?? "", servername: String((req.socket as TLSSocket).servername ?? ""), body });
    if (req.url === "/to-loopback") res.writeHead(302, { location: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/` });
    res.end(req.url === "/to-loopback" ? "" : "answered");
  });
}

beforeAll(async () => {
  dir = tempDir("tapserve-outbound-rt-");
  const subject = ["-subj", "/CN=outbound.test", "-addext", "subjectAltName=DNS:outbound.test"];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1", ...subject], { stdio: "ignore" });
  httpServer = createHttp(record);
  httpsServer = createHttps({ cert: readFileSync(join(dir, "cert.pem")), key: readFileSync(join(dir, "key.pem")) }, record);
  await Promise.all([httpServer, httpsServer].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.2", r))));
});
afterAll(async () => {
  await Promise.all([httpServer, httpsServer].map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

for (const runtime of RUNTIMES) {
  describe(`outbound requests on ${runtime}`, () => {
    test(
      "resolve once, connect to the checked address, name the host in Host, SNI and the certificate check",
      async () => {
        const first = seen.length;
        const ports = [httpServer, httpsServer].map((s) => String((s.address() as AddressInfo).port));
        const child = scriptOnRuntime(runtime, dir, DRIVER, [...ports, join(dir, "cert.pem")]);
        const exit = await child.exited;
        expect(exit).toEqual({ code: 0, signal: null });
        const out = JSON.parse(child.output().trim().split("\n").at(-1) ?? "");
        expect(out.http).toEqual({ status: 200, body: "answered", calls: 1 });
        expect(out.https).toEqual({ status: 200, body: "answered", calls: 1 });
        expect(out.wrongName).toMatchObject({ failure: "failed", message: expect.stringMatching(/other\.test.*altnames/) });
        expect(out.toLoopback).toEqual({ failure: "refused", calls: 1, message: "127.0.0.1 is a loopback address; add it to zapscript.allow_http to allow it" });
        expect(out.loopback).toMatchObject({ failure: "refused" });
        const [http, https, toLoopback, ...rest] = seen.slice(first);
        expect(http).toEqual({ url: "/p", host: `lan.test:${ports[0]}`, servername: "", body: "hi" });
        expect(https).toEqual({ url: "/s", host: `outbound.test:${ports[1]}`, servername: "outbound.test", body: "" });
        expect(toLoopback?.url).toBe("/to-loopback");
        expect(rest).toEqual([]);
      },
      RUNTIME_SETUP_TIMEOUT_MS,
    );
  });
}

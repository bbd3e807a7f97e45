import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { Socket } from "node:net";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry as Entry } from "../../src/core/wire/index.ts";

/**
 * ZapLinks, black box: a link goes in through the `launch` method, the outcome is read from `tokens.history`, and
 * the publisher is a loopback HTTP server (plain http is what the reference accepts for local hosts; loopback is
 * let through the outbound rules with zapscript.allow_http, as the launch-outbound tests do).
 */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

interface Publisher {
  base: string;
  seen: Seen[];
  close(): Promise<void>;
}

const ZS = "application/vnd.zaparoo.zapscript";

async function publisher(routes: Record<string, (base: string) => { status?: number; type?: string; body: string }>): Promise<Publisher> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let base = "";
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    const route = routes[req.url ?? ""];
    if (!route) {
      res.statusCode = 404;
      res.end("not found");
      return;
    }
    const r = route(base);
    res.statusCode = r.status ?? 200;
    if (r.type) res.setHeader("content-type", r.type);
    res.end(r.body);
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    seen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

let svc: TestService;
let client: RpcClient;
let pub: Publisher;
let plain: Publisher;

const history = async () => (await client.call<{ entries: Entry[] }>("tokens.history")).entries;
const paths = (p: Publisher) => p.seen.map((s) => `${s.method} ${s.path}`);

async function launch(text: string): Promise<Entry> {
  const before = (await history()).length;
  await client.call("launch", text);
  return waitFor(async () => {
    const e = await history();
    return e.length > before ? e[0] : undefined;
  }, "history entry", 15_000);
}

/** The newest history entry's error, from its scan trace (`tokens.trace`). */
async function lastError(): Promise<string> {
  const [entry] = await history();
  const { trace } = await client.call<{ trace: { error?: string } }>("tokens.trace", { id: entry!.id });
  return trace.error ?? "";
}

/** The desktop's URL opener stands in as a script recording what it was given (never a real browser). */
const opened = join(tempDir("tapserve-opener-"), "opened.txt");

beforeAll(async () => {
  const opener = join(opened, "..", "xdg-open");
  writeFileSync(opener, `#!/bin/sh\necho "$1" >> "${opened}"\n`);
  chmodSync(opener, 0o755);
  svc = await startService({ app: { platform: { programs: { "xdg-open": opener } } } });
  client = await svc.connect();
  pub = await publisher({
    "/.well-known/zaparoo": () => ({ type: "application/json", body: JSON.stringify({ zapscript: 1 }) }),
    "/game": (base) => ({ type: `${ZS}; charset=utf-8`, body: `**http.get:${base}/hit` }),
    "/wait": () => ({ type: ZS, body: "**delay:0||**echo:linked" }),
    "/hit": () => ({ body: "ok" }),
    "/json": () => ({ type: ZS, body: '{"cmds":[]}' }),
    "/html": () => ({ type: "text/html", body: "<p>hello</p>" }),
  });
  plain = await publisher({ "/game": () => ({ type: ZS, body: "**echo:never" }) });
});
afterAll(async () => {
  await pub?.close();
  await plain?.close();
  await svc?.stop();
});

describe("ZapLinks", () => {
  test("a loopback publisher is refused by the outbound rules unless zapscript.allow_http lists it", async () => {
    const e = await launch(`${pub.base}/game`);
    expect(e.success).toBe(false);
    expect((await lastError())).toContain("zapscript.allow_http");
    expect(pub.seen).toHaveLength(0);
    svc.app.config.update((d) => {
      d.zapscript.allow_http = ["127.0.0.1"];
    });
  });

  test("a link is resolved through /.well-known/zaparoo and its script runs", async () => {
    const e = await launch(`${pub.base}/game`);
    expect(e.success).toBe(true);
    expect(paths(pub)).toEqual(["GET /.well-known/zaparoo", "GET /game", "GET /hit"]);
    const fetched = pub.seen[1]!.headers;
    expect(fetched.accept).toBe(ZS);
    expect(fetched["zaparoo-platform"]).toBeTruthy();
    expect(fetched["zaparoo-os"]).toBe("linux");
    expect(fetched["zaparoo-arch"]).toBeTruthy();
  });

  test("the host's answer is remembered: the next link asks for the script only", async () => {
    pub.seen.length = 0;
    expect((await launch(`${pub.base}/wait`)).success).toBe(true);
    expect(paths(pub)).toEqual(["GET /wait"]);
  });

  test("a script in the wrong content type, or JSON, fails the launch", async () => {
    expect((await launch(`${pub.base}/html`)).success).toBe(false);
    expect((await lastError())).toContain("content type text/html");
    expect((await launch(`${pub.base}/json`)).success).toBe(false);
    expect((await lastError())).toContain("JSON scripts are not supported");
  });

  test("a host without /.well-known/zaparoo is not a publisher: the URL is launched as it is, and it is asked once", async () => {
    expect((await launch(`${plain.base}/game`)).success).toBe(true);
    expect((await launch(`${plain.base}/game`)).success).toBe(true);
    expect(paths(plain)).toEqual(["GET /.well-known/zaparoo"]);
    // handed as it is to the web browser launcher (the desktop's URL opener)
    await waitFor(() => existsSync(opened) && readFileSync(opened, "utf8").split("\n").filter(Boolean).length === 2, "two URLs opened");
    expect(readFileSync(opened, "utf8")).toBe(`${plain.base}/game\n${plain.base}/game\n`);
  });

  test("when the publisher is offline, the script fetched before plays; a link never fetched fails", async () => {
    await pub.close();
    expect((await launch(`${pub.base}/wait`)).success).toBe(true);
    const e = await launch(`${pub.base}/other`);
    expect(e.success).toBe(false);
    expect((await lastError())).toContain("zap link 127.0.0.1");
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { startHttpStandIn, type HttpStandIn } from "../fixtures/http-standin.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry as Entry } from "../../src/core/wire/index.ts";

/**
 * http.get / http.post from launch scripts, black box: scripts go in through the `launch` method over
 * WebSocket, the outcome is read from `tokens.history`, and the far ends are a loopback stand-in and a
 * "LAN host": a server on the far end of a network namespace this file creates and removes.
 */
let svc: TestService;
let client: RpcClient;
let ns: NetNamespace;
let local: HttpStandIn;
let lan: { url: string; seen: string[]; proc: Subprocess<"ignore", "pipe", "inherit"> };

const history = async () => (await client.call<{ entries: Entry[] }>("tokens.history")).entries;

/** Launches `text` as a script and waits for its history entry. */
async function launch(text: string): Promise<Entry> {
  const before = (await history()).length;
  await client.call("launch", text);
  const entry = await waitFor(async () => {
    const e = await history();
    return e.length > before ? e[0] : undefined;
  }, "history entry", 15_000);
  expect(entry.text).toBe(text);
  return entry;
}

const allowHttp = (entries: string[]) =>
  svc.app.config.update((d) => {
    d.zapscript.allow_http = entries;
  });

/** The LAN host: logs "<method> <path> <body>" per request; /hop/<n> redirects n times; /to/<url> redirects there. */
const LAN_SERVER = `
const server = Bun.serve({
  hostname: process.argv[1], port: 8080,
  async fetch(req) {
    const url = new URL(req.url);
    console.log(req.method + " " + url.pathname + " " + (await req.text()));
    const hop = url.pathname.match(/^\\/hop\\/(\\d+)$/);
    if (hop && Number(hop[1]) > 0) return new Response(null, { status: 302, headers: { location: "/hop/" + (Number(hop[1]) - 1) } });
    if (url.pathname.startsWith("/to/")) return new Response(null, { status: 302, headers: { location: decodeURIComponent(url.pathname.slice(4)) } });
    return new Response("hello from the LAN");
  },
});
console.log("ready");`;

async function startLanHost(): Promise<typeof lan> {
  const proc = Bun.spawn(["ip", "netns", "exec", ns.name, process.execPath, "-e", LAN_SERVER, ns.nsAddress], { stdout: "pipe", stderr: "inherit" });
  const seen: string[] = [];
  let ready = false;
  (async () => {
    const reader = proc.stdout.getReader();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const lines = (rest + new TextDecoder().decode(r.value)).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) line === "ready" ? (ready = true) : seen.push(line);
    }
  })();
  await waitFor(() => ready || proc.exitCode !== null, "the LAN host to listen");
  if (!ready) throw new Error("the LAN host did not start");
  return { url: `http://${ns.nsAddress}:8080`, seen, proc };
}

beforeAll(async () => {
  ns = createNetNamespace();
  svc = await startService({ host: "0.0.0.0" });
  client = await svc.connect();
  local = await startHttpStandIn((_req, res) => res.end("local"));
  lan = await startLanHost();
});
afterAll(async () => {
  lan?.proc.kill();
  await lan?.proc.exited;
  await local?.close();
  await svc?.stop();
  ns?.remove();
});
beforeEach(() => allowHttp([]));

describe("the device itself is off limits by default", () => {
  test("http.post to the service's own /api running clients.delete is refused and the client stays", async () => {
    const { id } = await client.call<{ id: string }>("clients.new", { name: "victim" });
    const script = `**http.post:http://127.0.0.1:${svc.port}/api,application/json,{"jsonrpc":"2.0","id":1,"method":"clients.delete","params":{"id":"${id}"}}`;
    expect((await launch(script)).success).toBe(false);
    const ids = async () => (await client.call<{ clients: Array<{ id: string }> }>("clients")).clients.map((c) => c.id);
    expect(await ids()).toContain(id);
    // The same script with loopback allowed does delete it: the refusal above is what protected the client.
    allowHttp(["127.0.0.1"]);
    expect((await launch(script)).success).toBe(true);
    expect(await ids()).not.toContain(id);
  });

  test("a loopback service is refused, by address and by a name that resolves to loopback; allow_http opens it", async () => {
    expect((await launch(`**http.get:${local.url}/by-address`)).success).toBe(false);
    expect((await launch(`**http.get:http://localhost:${local.port}/by-name`)).success).toBe(false);
    expect(local.requests).toHaveLength(0);
    allowHttp(["127.0.0.1"]);
    expect((await launch(`**http.get:${local.url}/allowed`)).success).toBe(true);
    expect(local.requests.map((r) => r.path)).toEqual(["/allowed"]);
  });

  test("the device's own LAN address is refused unless listed", async () => {
    const script = `**http.get:http://${ns.hostAddress}:${svc.port}/health`;
    expect((await launch(script)).success).toBe(false);
    allowHttp([`${ns.hostAddress.split(".").slice(0, 3).join(".")}.0/30`]);
    expect((await launch(script)).success).toBe(true);
  });
});

describe("LAN hosts", () => {
  test("are reached by default, GET and POST", async () => {
    expect((await launch(`**http.get:${lan.url}/light/on`)).success).toBe(true);
    expect((await launch(`**http.post:${lan.url}/scene,application/json,{"scene":"retro"}`)).success).toBe(true);
    await waitFor(() => lan.seen.length >= 2, "the LAN host's log");
    expect(lan.seen.slice(-2)).toEqual(["GET /light/on ", 'POST /scene {"scene":"retro"}']);
  });

  test("a redirect from the LAN host to loopback is refused; nothing reaches the loopback service", async () => {
    const target = encodeURIComponent(`${local.url}/stolen`);
    expect((await launch(`**http.get:${lan.url}/to/${target}`)).success).toBe(false);
    await waitFor(() => lan.seen.at(-1)?.startsWith("GET /to/"), "the LAN host's log");
    expect(local.requests.some((r) => r.path === "/stolen")).toBe(false);
  });

  test("5 redirects are followed, 6 are refused", async () => {
    expect((await launch(`**http.get:${lan.url}/hop/5`)).success).toBe(true);
    await waitFor(() => lan.seen.at(-1) === "GET /hop/0 ", "the last hop in the LAN host's log");
    const before = lan.seen.length;
    expect((await launch(`**http.get:${lan.url}/hop/6`)).success).toBe(false);
    await waitFor(() => lan.seen.length >= before + 6, "six requests in the LAN host's log");
    await Bun.sleep(100);
    expect(lan.seen.slice(before)).toEqual(["GET /hop/6 ", "GET /hop/5 ", "GET /hop/4 ", "GET /hop/3 ", "GET /hop/2 ", "GET /hop/1 "]);
  });
});

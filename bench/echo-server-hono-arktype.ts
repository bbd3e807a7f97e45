/**
 * Issue 26's baseline for B5 and B6: a bare server that loads the design card's libraries the way the service
 * does. arktype jitless (src/arktype-jitless.ts) with one object schema checking every frame; HTTP through a
 * Hono app (GET /health, GET /, POST /api validated by the same schema) behind Bun.serve, WebSocket frames
 * handled by Bun.serve directly, as src/runtime/bun/server.ts splits them. No config, database or logging.
 * Usage: echo-server-hono-arktype <port> [reply]   (default reply: a `version` result echoing the request id)
 */
import "../src/arktype-jitless.ts";
import { type } from "arktype";
import { Hono } from "hono";

const Frame = type({ jsonrpc: "'2.0'", "id?": "string | number | null", method: "string", "params?": "object" });
const fixed = process.argv[3];
const answer = (text: string): string => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';
  }
  const frame = Frame(raw);
  if (frame instanceof type.errors) return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: frame.summary } });
  return fixed ?? JSON.stringify({ jsonrpc: "2.0", id: frame.id ?? null, result: { platform: "linux", version: "0.0.0" } });
};

const app = new Hono();
app.get("/health", (c) => c.json({ status: "ok" }));
app.get("/", (c) => c.text("ok"));
app.post("/api", async (c) => c.body(answer(await c.req.text()), 200, { "content-type": "application/json" }));
app.notFound((c) => c.text("not found\n", 404));

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2]),
  fetch(req, srv) {
    if (req.headers.get("upgrade")?.toLowerCase() === "websocket" && srv.upgrade(req)) return undefined;
    return app.fetch(req);
  },
  websocket: {
    message(ws, message) {
      ws.send(answer(String(message)));
    },
  },
});
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void server.stop(true);
  process.exit(0);
});

/**
 * Baseline for bench/dist.ts: the least a Bun executable can do to answer `version` over WebSocket — one
 * Bun.serve, a fixed reply, nothing else (no config, no database, no logging). Compiled the same way as the
 * service. Usage: bare-version-server <port>
 */
export {};

const port = Number(process.argv[2]);
const reply = (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result: { platform: "linux", version: "0.0.0" } });
const server = Bun.serve({
  hostname: "127.0.0.1",
  port,
  fetch(req, srv) {
    if (srv.upgrade(req)) return undefined;
    return new Response("ok");
  },
  websocket: {
    message(ws, data) {
      let id: unknown = null;
      try {
        id = (JSON.parse(String(data)) as { id?: unknown }).id ?? null;
      } catch {}
      ws.send(reply(id));
    },
  },
});
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});

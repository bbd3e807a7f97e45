/** Baseline: a bare Bun WebSocket server that answers every frame with a fixed reply of a given size. */
const port = Number(process.argv[2]);
const reply = process.argv[3] ?? "pong";
Bun.serve({
  hostname: "127.0.0.1",
  port,
  fetch(req, server) {
    if (server.upgrade(req)) return undefined;
    return new Response("ok");
  },
  websocket: {
    message(ws) {
      ws.send(reply);
    },
  },
});
process.stdout.write("ready\n");

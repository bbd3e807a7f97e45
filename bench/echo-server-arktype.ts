/**
 * B5 reference: the bare echo server of echo-server.ts with arktype loaded the way the service loads it (jitless,
 * src/schema-config.ts) and one object schema checking each frame. Shows what the validation library alone
 * adds to a compiled Bun server's idle memory.
 */
import "../src/schema-config.ts";
import { type } from "arktype";

const Frame = type({ jsonrpc: "'2.0'", method: "string", "params?": "object" });
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
    message(ws, message) {
      const checked = Frame(JSON.parse(String(message)));
      ws.send(checked instanceof type.errors ? checked.summary : reply);
    },
  },
});
process.stdout.write("ready\n");

/**
 * B5 reference: the bare echo server of echo-server.ts with arktype loaded the way the service loads it (jitless,
 * src/arktype-jitless.ts) and one object schema checking each frame. Shows what the validation library alone
 * adds to a compiled Bun server's idle memory.
 */
import "../src/arktype-jitless.ts";
import { type } from "arktype";
import { serveBare } from "./bare-serve.ts";

const Frame = type({ jsonrpc: "'2.0'", method: "string", "params?": "object" });
const reply = process.argv[3] ?? "pong";
serveBare(Number(process.argv[2]), (frame) => {
  const checked = Frame(JSON.parse(frame));
  return checked instanceof type.errors ? checked.summary : reply;
});

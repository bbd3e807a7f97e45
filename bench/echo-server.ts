/** Baseline: a bare Bun WebSocket server that answers every frame with a fixed reply of a given size. */
import { serveBare } from "./bare-serve.ts";

const reply = process.argv[3] ?? "pong";
serveBare(Number(process.argv[2]), () => reply);

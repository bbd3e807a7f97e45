/**
 * B3's client: `media.search` of each query over one WebSocket, in a process of its own (as a phone or a script is),
 * so that what the bench process holds (it built the 500k index) does not collect its garbage inside the timings.
 * Warm-up passes over the queries, then a timed one. Args: port, a JSON file of the queries. Prints the sorted
 * latencies (ms) as JSON.
 */
import { readFileSync } from "node:fs";
import { rpcOverWebSocket } from "./lib.ts";

const [port, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile as string, "utf8")) as string[];
const ws = await rpcOverWebSocket(Number(port));
/**
 * Warm-up passes before the timed one: the service in steady state, as a device in use is. After a single pass
 * its JIT is still compiling hot functions with its optimizing tier (4 ms compiles, seen with
 * BUN_JSC_reportFTLCompileTimes=1), and on a 2-core machine those compiles take turns with both processes' main
 * threads inside the timed pass (p99 2.1–2.4 ms after one pass, 1.96–1.99 after three, in the same runs).
 */
const WARM_UP_PASSES = 3;

/** Each query once, timed: the warm-up passes run this very code, so that its own loop is compiled before the timed pass. */
async function timedPass(): Promise<number[]> {
  const lat: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    const reply = await ws.call("media.search", { query: q });
    lat.push(performance.now() - t);
    if (!reply.includes('"total"')) throw new Error(`media.search failed: ${reply.slice(0, 200)}`);
  }
  return lat;
}
for (let i = 0; i < WARM_UP_PASSES; i++) await timedPass();
const lat = await timedPass();
ws.close();
process.stdout.write(JSON.stringify(lat.sort((x, y) => x - y)));

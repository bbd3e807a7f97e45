/**
 * B3's client: `media.search` of each query over one WebSocket, in a process of its own (as a phone or a script is),
 * so that what the bench process holds (it built the 500k index) does not collect its garbage inside the timings.
 * A warm-up pass over the queries, then a timed one. Args: port, a JSON file of the queries. Prints the sorted
 * latencies (ms) as JSON.
 */
import { readFileSync } from "node:fs";
import { rpcOverWebSocket } from "./lib.ts";

const [port, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile as string, "utf8")) as string[];
const ws = await rpcOverWebSocket(Number(port));
const call = (query: string) => ws.call("media.search", { query });
for (const q of queries) await call(q);
const lat: number[] = [];
for (const q of queries) {
  const t = performance.now();
  const reply = await call(q);
  lat.push(performance.now() - t);
  if (!reply.includes('"total"')) throw new Error(`media.search failed: ${reply.slice(0, 200)}`);
}
ws.close();
process.stdout.write(JSON.stringify(lat.sort((x, y) => x - y)));

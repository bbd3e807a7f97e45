/**
 * The PN532 simulator in its own process, so the bench measures the service's CPU alone. Reads commands on
 * stdin (`place`, `remove`, `quit`); answers `placed <ms>` with the wall-clock time (performance.timeOrigin +
 * now) at which the tag entered the field, i.e. when the chip answers the waiting InListPassiveTarget.
 * Usage: bun bench/pn532-sim-child.ts <peer tty> <tag text>
 */
import { createInterface } from "node:readline";
import { Pn532Sim } from "../test/fixtures/pn532-sim.ts";
import { Ntag215 } from "../test/fixtures/pn532-tags.ts";

const [peer, text] = process.argv.slice(2);
const sim = new Pn532Sim();
await sim.attach(peer!);
const tag = Ntag215.withText(text!);
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "place") {
    const t = performance.timeOrigin + performance.now();
    sim.place(tag);
    process.stdout.write(`placed ${t}\n`);
  } else if (line === "remove") {
    sim.remove();
    process.stdout.write("removed\n");
  } else if (line === "quit") break;
}
await sim.detach();
process.exit(0);

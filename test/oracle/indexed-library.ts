/**
 * The oracle's library as a device indexes it: every ROM name of test/data/rom-names whose extension the system's
 * launchers take (our catalog's extensions, facts from the reference), as `{"system","path"}` lines under
 * /roms/<SystemId>/. A DAT also lists headers and sidecar files (`.unh`, `.wav`) that no indexer keeps.
 * Usage: bun test/oracle/indexed-library.ts <rom-names dir>
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { systemCatalog } from "../../src/core/systems/catalog.ts";

const dir = process.argv[2] ?? "test/data/rom-names";
for (const file of readdirSync(dir).filter((f) => f.endsWith(".txt")).sort()) {
  const system = file.slice(0, -4);
  const extensions = systemCatalog().byIdExact(system)?.extensions ?? [];
  for (const name of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (name === "" || !extensions.includes(name.slice(name.lastIndexOf(".")).toLowerCase())) continue;
    console.log(JSON.stringify({ system, path: `/roms/${system}/${name}` }));
  }
}

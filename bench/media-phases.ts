/**
 * Phases of a full 250k index run, timed one by one in process (walk, checkpoint commits, index file write),
 * to see where B2's time goes. Not part of `make bench`: `bun bench/media-phases.ts [tree dir]` (the tree is
 * written there first when missing and kept, so that repeated runs compare the same files).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { systemCatalog } from "../src/core/systems/catalog.ts";
import { bunRuntime } from "../src/runtime/bun/index.ts";
import { IndexCheckpoint } from "../src/service/media/index-checkpoint.ts";
import { writeIndexFile, type WrittenSystem } from "../src/service/media/index-writer.ts";
import { SplitRun } from "../src/service/media/split-run.ts";
import { priorWalk } from "../src/service/media/folder-records.ts";
import { walkSystem } from "../src/service/media/system-walk.ts";
import { type SystemScan, walkSystemFolder } from "../src/service/media/walker.ts";
import { writeTree } from "../test/fixtures/rom-tree.ts";
import { benchSystems } from "./media.ts";

const tree = process.argv[2] ?? "/tmp/tapserve-media-phases/roms";
const systems = benchSystems();
if (!existsSync(tree)) {
  mkdirSync(tree, { recursive: true });
  writeTree(tree, systems, 250_000);
}
const data = join(tree, "..", "data");
mkdirSync(data, { recursive: true });
const catalog = systemCatalog();
const ctx = { zipsAsFolders: false, tick: async () => {}, warn: () => {}, countEntries: bunRuntime.countDirEntries };
Bun.gc(true);
const c0 = process.cpuUsage();
const t0 = performance.now();
const scans: SystemScan[] = [];
// as a full run does: each system walked in the second thread, which writes its rows, and its names parsed here
const path = join(data, "media.db.building");
const split = SplitRun.start(bunRuntime, path);
const requests = systems.flatMap((s) => {
  const def = catalog.byIdExact(s.id);
  return def ? [{ system: s.id, folders: [join(tree, s.folder)], extensions: def.extensions, zipsAsFolders: false, prior: [] }] : [];
});
split?.walkAll(requests);
for (const request of requests) {
  // the thread's walk where it claimed the system first, else walked here and handed to it
  const there = split?.take(request.system) ?? null;
  const { scan, indexedAt } = await (there ?? walkSystem(request, ctx));
  if (!there) split?.writeRows(scan, indexedAt);
  scans.push(scan);
  await split?.hand(scan, undefined, async () => {});
}
const t1 = performance.now();
const c1 = process.cpuUsage(c0);
const checkpoint = new IndexCheckpoint(bunRuntime, join(data, "media.db.partial"));
checkpoint.begin(null, "k");
// as a run commits them: the first system at once, the rest at most once a second (here: once, at the end)
const steps = scans.map((scan) => [scan.system, { indexedAt: "", unchanged: false, scan }] as const);
checkpoint.commit(steps.slice(0, 1));
checkpoint.commit(steps.slice(1));
checkpoint.remove();
const t2 = performance.now();
// B10's walk: every folder as recorded, so each is only stat'ed (its ctime as recorded; else its entries counted)
const rewalkMs = async (priors: ReturnType<typeof priorWalk>[]) => {
  const t = performance.now();
  for (const [i, s] of systems.entries()) {
    const def = catalog.byIdExact(s.id);
    if (!def) continue;
    const scan: SystemScan = { system: s.id, dirs: [], files: [], fileDirs: [], folders: [] };
    await walkSystemFolder(join(tree, s.folder), s.id, new Set(def.extensions), scan, ctx, priors[i]);
  }
  return performance.now() - t;
};
const t2b = performance.now();
const rewalk = await rewalkMs(scans.map((scan) => priorWalk(scan.folders ?? [])));
// the same with no ctime kept (FAT/exFAT, a tree changed just before its walk): every folder's entries counted
const counting = await rewalkMs(scans.map((scan) => priorWalk((scan.folders ?? []).map((r) => ({ ...r, ctime: -1 })))));
const rewalks = performance.now() - t2b;
const c2 = process.cpuUsage();
const written: WrittenSystem[] = scans.map((scan) => ({ scan, indexedAt: new Date().toISOString() }));
await writeIndexFile(bunRuntime, path, written, async () => {}, { walk: "k" }, false, split);
const t3 = performance.now();
const c3 = process.cpuUsage(c2);
rmSync(path, { force: true });
const f = (n: number) => `${n.toFixed(0)} ms`;
const cpu = (c: NodeJS.CpuUsage) => `${((c.user + c.system) / 1000).toFixed(0)} ms`;
process.stdout.write(`walk ${f(t1 - t0)}  checkpoint ${f(t2 - t1)}  write ${f(t3 - t2 - rewalks)}  total ${f(t3 - t0 - rewalks)}  unchanged walk ${f(rewalk)} (counting every folder: ${f(counting)})  (CPU time: walk ${cpu(c1)}, write ${cpu(c3)})  rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB\n`);

export {};
/**
 * `make bench`: runs every benchmark in this folder and prints its figures. Each benchmark measures against a
 * baseline in the same run and reports the ratio. Register new ones in BENCHES.
 * Usage: bun bench/run.ts [name …]   (no names = all)
 */
type Bench = () => Promise<{ run(): Promise<Record<string, number | string>> }>;

const BENCHES: Record<string, Bench> = {
  rpc: () => import("./rpc.ts"),
  dist: () => import("./dist.ts"),
  "dist-quick": () => import("./dist-quick.ts"),
  launch: () => import("./launch.ts"),
  secure: () => import("./secure.ts"),
  readers: () => import("./readers.ts"),
  pn532: () => import("./pn532.ts"),
  mister: () => import("./mister.ts"),
  media: () => import("./media.ts"),
  web: () => import("./web.ts"),
  startup: () => import("./startup.ts"),
  firsttag: () => import("./first-tag.ts"),
  titles: () => import("./titles.ts"),
  cards: () => import("./cards.ts"),
};

const wanted = process.argv.slice(2);
let failed = false;
for (const [name, load] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  process.stdout.write(`\n## ${name}\n`);
  try {
    const figures = await (await load()).run();
    for (const [k, v] of Object.entries(figures)) {
      process.stdout.write(`  ${k.padEnd(48)} ${typeof v === "number" ? Number(v.toFixed(3)) : v}\n`);
    }
  } catch (err) {
    failed = true;
    process.stdout.write(`  FAILED: ${(err as Error).stack ?? err}\n`);
  }
}
process.exit(failed ? 1 : 0);

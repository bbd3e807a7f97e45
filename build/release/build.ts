import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { stageAndPack } from "./archive.ts";
import { ensureBunExecutable } from "./bun-executable.ts";
import { recordOrderOf, serviceTraining } from "./bytecode-order.ts";
import { compileBinary } from "./compile.ts";
import type { DistTarget } from "./targets.ts";
import { buildVersion, pinnedBunVersion, sourceEpoch } from "./version.ts";

export interface DistOptions {
  /** Repository root. */
  root: string;
  outDir: string;
  targets: readonly DistTarget[];
  /** Where the targets' Bun executables are kept between builds. */
  cacheDir: string;
  /** The Bun that bundles; the one running this script by default. */
  bun?: string;
  env?: Record<string, string | undefined>;
  onStep?: (message: string) => void;
}

export interface DistArtifact {
  target: DistTarget;
  /** The unpacked archive folder (binary + deploy files). */
  dir: string;
  binary: string;
  archive: string;
  binaryBytes: number;
  archiveBytes: number;
}

export interface DistResult {
  version: string;
  artifacts: DistArtifact[];
}

/** `make dist`: one compiled binary per target, each packed with the deploy files; SHA256SUMS beside them. */
export async function buildDist(o: DistOptions): Promise<DistResult> {
  const env = o.env ?? process.env;
  const step = o.onStep ?? (() => {});
  const bunVersion = pinnedBunVersion(o.root);
  const version = await buildVersion(o.root, env);
  const epoch = await sourceEpoch(o.root, env);
  mkdirSync(o.outDir, { recursive: true });
  removeStale(o.outDir, o.targets);
  const artifacts: DistArtifact[] = [];
  const bun = o.bun ?? process.execPath;
  const entry = join(o.root, "src", "main.ts");
  const defines = { TAPSERVE_BUILD_VERSION: version };
  step("recording the bytecode order (a first build of this machine's target, run once)");
  const orderDir = mkdtempSync(join(tmpdir(), "tapserve-bytecode-order-"));
  try {
    const bytecodeOrder = await recordOrderOf({ bun, entry, defines }, serviceTraining(join(orderDir, "data")), orderDir);
    for (const target of o.targets) artifacts.push(await buildTarget(o, { target, version, epoch, bunVersion, bun, entry, defines, bytecodeOrder }));
  } finally {
    rmSync(orderDir, { recursive: true, force: true });
  }
  const sums = await Promise.all(artifacts.map(async (a) => `${await sha256(a.archive)}  ${basename(a.archive)}\n`));
  writeFileSync(join(o.outDir, "SHA256SUMS"), sums.join(""));
  return { version, artifacts };
}

interface TargetBuild {
  target: DistTarget;
  version: string;
  epoch: number;
  bunVersion: string;
  bun: string;
  entry: string;
  defines: Record<string, string>;
  bytecodeOrder: string;
}

/** One target: its Bun executable, the compiled binary (laid out by the recorded order), the archive. */
async function buildTarget(o: DistOptions, b: TargetBuild): Promise<DistArtifact> {
  const step = o.onStep ?? (() => {});
  const { target, version } = b;
  step(`${target.name}: Bun ${b.bunVersion} executable`);
  const targetExecutable = await ensureBunExecutable(target, b.bunVersion, o.cacheDir, o.root);
  const name = `tapserve-${version}-${target.name}`;
  const binary = join(o.outDir, `.${name}.bin`);
  step(`${target.name}: compiling ${version}`);
  await compileBinary({ bun: b.bun, entry: b.entry, outfile: binary, target, targetExecutable, defines: b.defines, bytecodeOrder: b.bytecodeOrder });
  step(`${target.name}: packing`);
  const { dir, archive } = await stageAndPack({ outDir: o.outDir, name, binary, deployDir: join(o.root, "deploy"), epoch: b.epoch });
  rmSync(binary, { force: true });
  const staged = join(dir, "tapserve");
  return { target, dir, binary: staged, archive, binaryBytes: statSync(staged).size, archiveBytes: statSync(archive).size };
}

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(path)
      .on("data", (d) => h.update(d))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject);
  });
}

/** Earlier builds of the same targets (any version), so dist/ holds only what this build made. */
function removeStale(outDir: string, targets: readonly DistTarget[]): void {
  for (const entry of readdirSync(outDir)) {
    for (const t of targets) {
      if (new RegExp(`^\\.?tapserve-.+-${t.name}(\\.tar\\.gz|\\.bin)?$`).test(entry)) rmSync(join(outDir, entry), { recursive: true, force: true });
    }
  }
}

import { beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { openSync, readFileSync, readSync, closeSync } from "node:fs";
import { basename, join } from "node:path";
import type { DistResult } from "../../build/release/build.ts";
import { DEPLOY_FILES } from "../../build/release/archive.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_VERSION, distBuild } from "../fixtures/dist-build.ts";

/** ELF e_machine of an executable (bytes 18–19, little-endian). */
function elfMachine(path: string): number {
  const fd = openSync(path, "r");
  const head = Buffer.alloc(20);
  readSync(fd, head, 0, 20, 0);
  closeSync(fd);
  expect(head.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
  return head.readUInt16LE(18);
}

let dist: DistResult;
beforeAll(async () => {
  dist = await distBuild();
}, BUILD_TIMEOUT_MS);

describe("make dist", () => {
  test("one archive per device target, each with the binary, the installer, the install note and the init files", () => {
    expect(dist.version).toBe(DIST_TEST_VERSION);
    expect(dist.artifacts.map((a) => basename(a.archive))).toEqual([
      `tapserve-${DIST_TEST_VERSION}-linux-arm64.tar.gz`,
      `tapserve-${DIST_TEST_VERSION}-linux-x64.tar.gz`,
      `tapserve-${DIST_TEST_VERSION}-linux-x64-baseline.tar.gz`,
    ]);
    for (const a of dist.artifacts) {
      const top = basename(a.archive, ".tar.gz");
      const listing = execFileSync("tar", ["-tvzf", a.archive], { encoding: "utf8" }).trim().split("\n");
      const files = listing.filter((l) => l.startsWith("-")).map((l) => l.split(/\s+/).pop()!.slice(top.length + 1));
      expect(files.sort()).toEqual([...DEPLOY_FILES.map(([f]) => f), "tapserve"].sort());
      for (const line of listing) {
        const [mode, owner] = line.split(/\s+/);
        expect(owner).toBe("0/0");
        const name = line.split(/\s+/).pop()!;
        if (/\/(tapserve|install\.sh|batocera\/tapserve|recalbox\/tapserve\.sh)$/.test(name)) expect(mode).toBe("-rwxr-xr-x");
      }
      expect(elfMachine(a.binary)).toBe(a.target.elfMachine);
    }
  });

  test("the archived install files are the repository's deploy files", () => {
    const root = join(import.meta.dir, "..", "..", "deploy");
    for (const a of dist.artifacts) {
      for (const [f] of DEPLOY_FILES) expect(readFileSync(join(a.dir, f), "utf8")).toBe(readFileSync(join(root, f), "utf8"));
    }
  });

  test("SHA256SUMS lists every archive with its digest", () => {
    const outDir = join(dist.artifacts[0]!.archive, "..");
    const check = execFileSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: outDir, encoding: "utf8" });
    for (const a of dist.artifacts) expect(check).toContain(`${basename(a.archive)}: OK`);
  });

  test("the x64 binaries carry the injected version, not package.json's", () => {
    for (const name of ["linux-x64", "linux-x64-baseline"]) {
      const a = dist.artifacts.find((x) => x.target.name === name)!;
      expect(execFileSync(a.binary, ["--version"], { encoding: "utf8" })).toBe(`tapserve ${DIST_TEST_VERSION}\n`);
    }
  });
});

/**
 * The regex mapping cases (test/unit/mappings-regex-cases.ts) inside a program bundled for Node and run on the
 * official Node the dual-runtime tests use (the MiSTer build's runtime): the engine must be the linear one there
 * too, so `^(a+)+$` against "aaaa…ab" answers false instead of hanging.
 */
import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../fixtures/launch-env.ts";
import { ROOT } from "../fixtures/process.ts";
import { NODE_X64_VERSION, RUNTIME_SETUP_TIMEOUT_MS, scriptOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

const CASES = join(ROOT, "test", "unit", "mappings-regex-cases.ts");

test(`regex mappings on Node ${NODE_X64_VERSION}: the catastrophic case answers false and every shared case passes`, async () => {
  const dir = tempDir("tapserve-e2e-regex-node-");
  const child = scriptOnRuntime(
    "node",
    dir,
    `import { regexCaseFailures, runCase } from ${JSON.stringify(CASES)};
const catastrophic = runCase({ name: "", pattern: "^(a+)+$", value: "a".repeat(4999) + "b", expected: false });
process.stdout.write(JSON.stringify({ bun: "bun" in process.versions, node: process.versions.node, catastrophic, failures: regexCaseFailures() }) + "\\n");`,
    [],
  );
  try {
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const line = await waitFor(() => child.output().split("\n").find((l) => l.startsWith("{")), "the program's report");
    expect(JSON.parse(line)).toEqual({ bun: false, node: NODE_X64_VERSION, catastrophic: false, failures: [] });
  } finally {
    if (child.proc.exitCode === null) child.proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, RUNTIME_SETUP_TIMEOUT_MS);

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { basename, join } from "node:path";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import { writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * A title held as several file types picks the type the system's launchers list first, as the reference does with
 * its launchers' extensions; `?launcher=` makes that launcher's list the only one.
 */
let root: string;
let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-title-types-");
  writeFiles(root, ["roms/megadrive/Sonic the Hedgehog (USA, Europe).md", "roms/megadrive/Sonic the Hedgehog (USA, Europe).bin"]);
  const emu = writeEmulator(join(root, "emu"));
  const launcher = (id: string, exts: string[]) => `[[launchers.custom]]\nid = "${id}"\nsystems = ["Genesis"]\nextensions = ${JSON.stringify(exts)}\ncommand = ["${emu.script}", "{path}"]\n`;
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n${launcher("BinFirst", [".bin", ".md"])}${launcher("GenThenMd", [".gen", ".md"])}`,
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function picked(text: string): Promise<string> {
  const trace = ScanTrace.assert(await client.call("launch", { text, dryRun: true }));
  expect(trace.ok).toBe(true);
  return basename(trace.steps[0]!.target!);
}

describe("a title's file type", () => {
  test("the type some launcher of the system lists earliest wins (.bin first in one; .md second in both)", async () => {
    expect(await picked("@Genesis/Sonic the Hedgehog")).toBe("Sonic the Hedgehog (USA, Europe).bin");
  });

  test("?launcher= makes the named launcher's list the only one", async () => {
    expect(await picked("@Genesis/Sonic the Hedgehog?launcher=GenThenMd")).toBe("Sonic the Hedgehog (USA, Europe).md");
  });

  test("media.lookup weighs the launchers' file types as a launch does", async () => {
    const r = await client.call<{ match: { path: string } | null }>("media.lookup", { system: "Genesis", name: "Sonic the Hedgehog" });
    expect(basename(r.match!.path)).toBe("Sonic the Hedgehog (USA, Europe).bin");
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execRuleProblem, splitProgram } from "../../src/core/zapscript/exec-allow.ts";
import { executeAllowed } from "../../src/service/launch/commands/execute.ts";

const dir = mkdtempSync(join(tmpdir(), "tapserve-exec-"));
const scripts = join(dir, "scripts");
mkdirSync(scripts);
const script = join(scripts, "lights.sh");
writeFileSync(script, "#!/bin/sh\nexit 0\n");
chmodSync(script, 0o755);
writeFileSync(join(scripts, "notes.sh"), "not executable");
symlinkSync("/usr/bin/sh", join(scripts, "shell.sh")); // planted link to a shell
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rule = `${scripts.replaceAll(".", "\\.")}/.*\\.sh`;

describe("execute: the program and its arguments are matched separately", () => {
  test("the issue's bypass: '…/scripts/../../usr/bin/sh -c …' does not pass a scripts/.*\\.sh rule", () => {
    expect(executeAllowed(`${scripts}/lights.sh`, [rule])).toBe(true);
    expect(executeAllowed(`${scripts}/../../../../usr/bin/sh -c 'id > /tmp/x' x.sh`, [rule])).toBe(false);
    expect(executeAllowed(`${scripts}/../../../../usr/bin/sh -c 'id > /tmp/x' x.sh`, [`${rule} .*`])).toBe(false);
    expect(executeAllowed(`${scripts}/./lights.sh`, [`${rule}`])).toBe(false);
  });

  test("the program must be an existing executable file, named by an absolute path", () => {
    expect(executeAllowed(`${scripts}/notes.sh`, [rule])).toBe(false);
    expect(executeAllowed(`${scripts}/missing.sh`, [rule])).toBe(false);
    expect(executeAllowed("lights.sh", [".*"])).toBe(false);
  });

  test("symlinks are resolved: a link planted in an allowed folder matches only if its target is allowed too", () => {
    // written path matches the rule, but the arguments part of the rule is empty: -c … is refused
    expect(executeAllowed(`${scripts}/shell.sh -c 'reboot'`, [rule])).toBe(false);
    // the program part matches the resolved path too (/bin/sh is a link on merged-/usr systems)
    expect(executeAllowed("/bin/sh -c 'exit 3'", ["/bin/sh -c 'exit [0-9]'"])).toBe(true);
    expect(executeAllowed("/bin/sh -c 'exit 3'; reboot", ["/bin/sh -c 'exit [0-9]'"])).toBe(false);
  });

  test("arguments are matched as written after the program; an entry without a space allows no arguments", () => {
    expect(executeAllowed("/usr/bin/env", ["/usr/bin/env"])).toBe(true);
    expect(executeAllowed("/usr/bin/env FOO=1 /usr/bin/sh", ["/usr/bin/env"])).toBe(false);
    expect(executeAllowed("/usr/bin/env   A=1", ["/usr/bin/env A=[0-9]"])).toBe(true);
    expect(executeAllowed("/usr/bin/env A=1", ["/usr/bin/(env|true) A=[0-9]"])).toBe(true);
    expect(executeAllowed(`/usr/bin/env A=${"1".repeat(9000)}`, ["/usr/bin/env A=1+"])).toBe(false);
  });

  test("splitProgram keeps the raw rest and resolves quotes in the program", () => {
    expect(splitProgram(`  "/opt/my tool/run" -x 'a b'`)).toEqual({ program: "/opt/my tool/run", rest: "-x 'a b'" });
    expect(splitProgram("/bin/true")).toEqual({ program: "/bin/true", rest: "" });
    expect(splitProgram("'/bin/x")).toBeNull();
  });

  test("entries the engine refuses are reported (the config refuses them when it loads)", () => {
    expect(execRuleProblem("/bin/(x")).toMatch(/program part/);
    expect(execRuleProblem("/bin/x (a")).toMatch(/arguments part/);
    expect(execRuleProblem("/bin/x (\\1)")).toMatch(/backreferences/);
    expect(execRuleProblem("")).toBe("is empty");
    expect(execRuleProblem("/bin/true")).toBeNull();
  });
});

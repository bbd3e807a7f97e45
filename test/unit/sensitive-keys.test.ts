import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deviceProblem, folderProblem, tokenFileProblem } from "../../src/config/path-rules.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { CONFIG_KEYS, configKeys, READER_PATH_KINDS, sensitiveChanges } from "../../src/config/sensitive-keys.ts";
import { ALIAS_NAMES } from "../../src/readers/driver-aliases.ts";
import { defaultDrivers } from "../../src/readers/registry.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";

describe("the one table of config keys that name files, devices or programs", () => {
  test("every key of the config schema is classified (a new key must say whether it names a path, device or program)", () => {
    const keys = configKeys(defaultConfig()).sort();
    const unclassified = keys.filter((k) => !(k in CONFIG_KEYS));
    const stale = Object.keys(CONFIG_KEYS).filter((k) => !keys.includes(k));
    expect({ unclassified, stale }).toEqual({ unclassified: [], stale: [] });
  });

  test("the keys that open paths, start programs or widen scripts are not plain", () => {
    for (const k of ["readers.connect", "launchers.index_root", "launchers.custom", "audio.player", "service.tls_cert", "service.tls_key", "zapscript.allow_execute", "zapscript.allow_http", "service.allow_api"]) {
      expect({ k, cls: CONFIG_KEYS[k] }).not.toEqual({ k, cls: "plain" });
    }
  });

  test("every reader driver of the build says what its path names", () => {
    const names = [...defaultDrivers(bunRuntime).flatMap((d) => d.names), ...ALIAS_NAMES]; // and the reference names we accept
    expect(names.filter((n) => !(n in READER_PATH_KINDS))).toEqual([]);
  });

  test("sensitiveChanges names only the non-plain keys that differ", () => {
    const a = defaultConfig();
    const b = structuredClone(a);
    b.debug_logging = true;
    b.readers.connect = [{ driver: "file", path: "/etc/passwd" }];
    b.launchers.index_root = ["/"];
    expect(sensitiveChanges(a, b)).toEqual(["readers.connect", "launchers.index_root"]);
  });
});

describe("path rules", () => {
  const dir = mkdtempSync(join(tmpdir(), "tapserve-paths-"));
  const tokens = join(dir, "tokens");
  mkdirSync(tokens);
  writeFileSync(join(dir, "secret.txt"), "secret");
  symlinkSync(join(dir, "secret.txt"), join(tokens, "link.txt"));
  symlinkSync(dir, join(tokens, "up"));
  symlinkSync(join(dir, "missing.txt"), join(tokens, "dangling.txt"));

  test("a token file inside the folder is fine, also before it exists", () => {
    expect(tokenFileProblem(join(tokens, "tag.txt"), [tokens])).toBeNull();
    expect(tokenFileProblem(join(tokens, "sub/tag.txt"), [tokens])).toBeNull();
  });

  test.each([
    ["/etc/passwd", /inside/],
    ["relative.txt", /absolute/],
    ["..", /'\.\.'/],
  ])("%s is refused", (path, reason) => {
    expect(tokenFileProblem(path === ".." ? `${tokens}/../secret.txt` : path, [tokens])).toMatch(reason);
  });

  test("a symlink out of the folder, a symlinked folder out of it and a dangling symlink are refused", () => {
    expect(tokenFileProblem(join(tokens, "link.txt"), [tokens])).toMatch(/inside/);
    expect(tokenFileProblem(join(tokens, "up/secret.txt"), [tokens])).toMatch(/inside/);
    expect(tokenFileProblem(join(tokens, "dangling.txt"), [tokens])).toMatch(/symbolic link/);
    expect(tokenFileProblem(tokens, [tokens])).toMatch(/inside/);
  });

  test("devices must be character or block devices under /dev", () => {
    expect(deviceProblem("/dev/null")).toBeNull();
    expect(deviceProblem("")).toBeNull();
    expect(deviceProblem(join(dir, "secret.txt"))).toMatch(/under \/dev/);
    expect(deviceProblem("/dev/../etc/passwd")).toMatch(/'\.\.'/);
    expect(deviceProblem("/dev/no-such-device")).toMatch(/does not exist/);
    expect(deviceProblem("/dev/shm")).toMatch(/not a character or block device/);
  });

  test("folders must exist and be directories", () => {
    expect(folderProblem(dir)).toBeNull();
    expect(folderProblem(join(dir, "secret.txt"))).toMatch(/not a directory/);
    expect(folderProblem(join(dir, "nope"))).toMatch(/not an existing directory/);
  });

  test("cleanup", () => rmSync(dir, { recursive: true, force: true }));
});

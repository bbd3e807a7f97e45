import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, ConfigStore } from "../../src/config/store.ts";

const dir = mkdtempSync(join(tmpdir(), "tapserve-allow-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(toml: string): ConfigStore {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(path, toml);
  const store = new ConfigStore(path);
  store.load();
  return store;
}

describe("address allow lists are checked when the config loads", () => {
  test("addresses, blocks and * load", () => {
    const c = load('[service]\nallow_api = ["192.168.1.0/24", "::1", "*"]\nallow_launch = ["10.0.0.7"]\n').current;
    expect(c.service.allow_api).toEqual(["192.168.1.0/24", "::1", "*"]);
    expect(c.service.allow_launch).toEqual(["10.0.0.7"]);
  });

  test.each(['"10.0.0.1/"', '"192.168.1.0/33"', '"phone.local"', '""', '"10.0.0.0/0x8"'])("allow_api entry %s is a config error naming it (it must not let anyone in)", (entry) => {
    let error: unknown;
    try {
      load(`[service]\nallow_api = ["127.0.0.1", ${entry}]\n`);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toContain("allow_api[1]");
  });

  test("a bad allow_launch entry is refused too", () => {
    expect(() => load('[service]\nallow_launch = ["10.0.0.1/"]\n')).toThrow(/allow_launch\[0\]/);
  });
});

describe("allow_execute entries are checked when the config loads, and errors name the file's line", () => {
  test("a valid entry loads; an entry the engine refuses is a config error with its line", () => {
    expect(load('[zapscript]\nallow_execute = ["/bin/true", "/usr/bin/env A=[0-9]"]\n').current.zapscript.allow_execute).toHaveLength(2);
    let error: unknown;
    try {
      load('debug_logging = true\n[zapscript]\nallow_execute = [\n  "/bin/true",\n  "/bin/(x .*",\n]\n');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^line 5: zapscript\.allow_execute\[1\] must be .*program part/)]);
  });

  test("other schema errors carry their line too", () => {
    expect(() => load('[service]\nname = "x"\nallow_launch = ["10.0.0.1/"]\n')).toThrow(/line 3: service\.allow_launch\[0\]/);
    expect(() => load('[[readers.connect]]\ndriver = "file"\n[[readers.connect]]\ndriver = 5\n')).toThrow(/line 4: readers\.connect\[1\]\.driver/);
  });
});

describe("service.allowed_origins is checked when the config loads", () => {
  test("origins and host names load; a wildcard or a path is a config error naming the entry", () => {
    expect(load('[service]\nallowed_origins = ["https://zaparoo.app", "kiosk.home"]\n').current.service.allowed_origins).toEqual(["https://zaparoo.app", "kiosk.home"]);
    expect(() => load('[service]\nallowed_origins = ["https://zaparoo.app", "*"]\n')).toThrow(/allowed_origins\[1\]/);
    expect(() => load('[service]\nallowed_origins = ["https://a.example/app"]\n')).toThrow(/allowed_origins\[0\]/);
  });
});

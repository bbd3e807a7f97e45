import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ConfigError, ConfigStore } from "../../src/config/store.ts";
import { fileStamp } from "../../src/runtime/code-stamp.ts";

const root = mkdtempSync(join(tmpdir(), "tapserve-checked-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const TOML = '[service]\nname = "den"\ndevice_id = "dev-1"\n[launchers]\nindex_root = ["/media/roms"]\n';

/** A config folder holding `toml` as config.toml; `record` is where the checked config is kept. */
function folder(toml = TOML): { path: string; record: string } {
  const dir = mkdtempSync(join(root, "cfg-"));
  writeFileSync(join(dir, "config.toml"), toml);
  return { path: join(dir, "config.toml"), record: join(dir, "config.checked.json") };
}

const load = (path: string, codeStamp: string | null = "build-1") => {
  const store = new ConfigStore(path, { codeStamp });
  store.load();
  return store.current;
};

/** Rewrites the kept record's config (its key untouched), as only a start that reads it would notice. */
function alterRecord(record: string, change: (config: { service: { name: string } }) => void): void {
  const kept = JSON.parse(readFileSync(record, "utf8"));
  change(kept.config);
  writeFileSync(record, JSON.stringify(kept));
}

describe("a start with an unchanged config file reads what the last check made of it", () => {
  test("the first load checks the file and keeps the result beside it (0600); the next load reads it back", () => {
    const { path, record } = folder();
    const first = load(path);
    expect(first.service.name).toBe("den");
    expect(first.launchers.index_root).toEqual(["/media/roms"]);
    expect(statSync(record).mode & 0o777).toBe(0o600);
    alterRecord(record, (c) => (c.service.name = "kept"));
    const second = load(path);
    expect(second.service.name).toBe("kept"); // read from the record: the file was not checked again
    expect(second.audio.player).toBe(first.audio.player); // defaults come with it
    expect(Object.isFrozen(second.service)).toBe(true);
  });

  test("an edited file is checked again: a new value is read, a bad one refused, whatever the record says", () => {
    const { path, record } = folder();
    load(path);
    alterRecord(record, (c) => (c.service.name = "kept"));
    writeFileSync(path, TOML.replace('"den"', '"attic"'));
    expect(load(path).service.name).toBe("attic");
    writeFileSync(path, `${TOML}[service.more]\n`.replace('name = "den"', "name = 7"));
    expect(() => load(path)).toThrow(ConfigError);
  });

  test("other code (a new binary) checks the file again", () => {
    const { path, record } = folder();
    load(path, "build-1");
    alterRecord(record, (c) => (c.service.name = "kept"));
    expect(load(path, "build-2").service.name).toBe("den");
    expect(JSON.parse(readFileSync(record, "utf8")).config.service.name).toBe("den"); // and keeps its own result
  });

  test.each([
    ["cut off", (text: string) => text.slice(0, text.length / 2)],
    ["not JSON", () => "\u0000\u0001garbage"],
    ["another shape", () => JSON.stringify(["config"])],
    ["empty", () => ""],
  ])("a record that is %s is ignored and replaced", (_, spoil) => {
    const { path, record } = folder();
    load(path);
    writeFileSync(record, spoil(readFileSync(record, "utf8")));
    expect(load(path).service.name).toBe("den");
    expect(JSON.parse(readFileSync(record, "utf8")).config.service.name).toBe("den");
  });

  test("a file that fails its check leaves no record; without a code stamp (run from source) none is kept", () => {
    const bad = folder('[service]\napi_port = "seven"\n');
    expect(() => load(bad.path)).toThrow(/api_port/);
    expect(existsSync(bad.record)).toBe(false);
    const plain = folder();
    load(plain.path, null);
    expect(existsSync(plain.record)).toBe(false);
  });

  test("a record that cannot be written (a folder in its place) costs only the shortcut: the file loads", () => {
    const { path, record } = folder();
    mkdirSync(record);
    expect(load(path).service.name).toBe("den");
    expect(load(path).service.name).toBe("den");
    expect(statSync(record).isDirectory()).toBe(true);
    expect(readdirSync(dirname(path)).sort()).toEqual(["config.checked.json", "config.toml"]); // no temp file left
  });

  test("a value JSON cannot carry as it is (inf in a free-form table) is not kept, and reads the same every time", () => {
    const { path, record } = folder(`${TOML}[[mappings.entry]]\ntoken_key = "id"\nmatch_pattern = "x"\nweight = inf\n`);
    const first = load(path);
    expect(existsSync(record)).toBe(false);
    expect(load(path)).toEqual(first);
  });

  test("a reload reads the record too, and an update is checked against the schema", () => {
    const { path, record } = folder();
    const store = new ConfigStore(path, { codeStamp: "build-1" });
    store.load();
    alterRecord(record, (c) => (c.service.name = "kept"));
    expect(store.reload().next.service.name).toBe("kept");
    expect(() => store.update((d) => ((d.service as { api_port: unknown }).api_port = "x"))).toThrow(/api_port/);
  });
});

describe("code stamps", () => {
  test("a file's stamp changes when it is replaced, and is null for a missing file", () => {
    const { path } = folder();
    const before = fileStamp(path);
    expect(before).not.toBeNull();
    expect(fileStamp(path)).toBe(before);
    const next = `${path}.new`;
    writeFileSync(next, `${TOML}\n`);
    rmSync(path);
    renameSync(next, path);
    expect(fileStamp(path)).not.toBe(before);
    expect(fileStamp(join(root, "missing"))).toBeNull();
  });
});

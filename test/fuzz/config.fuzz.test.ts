/**
 * The config file: any text is a validated config or a ConfigError listing the problems (never another
 * exception, never a repaired value); a written config reads back; the store loads what parses and nothing else.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type } from "arktype";
import fc from "fast-check";
import { stringify } from "smol-toml";
import { configTypes } from "../../src/config/schema.ts";
import { ConfigError, ConfigStore, parseConfig } from "../../src/config/store.ts";
import { anyText, mutatedText, onlyThrows, tokenText, wellFormed } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const dir = mkdtempSync(join(tmpdir(), "tapserve-fuzz-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settingsArb = fc.record({
  debug_logging: fc.boolean(),
  readers: fc.record({ scan: fc.record({ mode: fc.constantFrom("tap", "hold"), exit_delay: fc.integer({ min: 0, max: 3600 }) }) }),
  launchers: fc.record({ index_root: fc.array(anyText(20), { maxLength: 3 }) }),
  service: fc.record({ api_port: fc.integer({ min: 1, max: 65535 }), name: anyText(20), allow_api: fc.array(fc.ipV4(), { maxLength: 3 }) }),
  unknown_section: fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
});

/** Settings as a TOML file can hold them (UTF-8: lone surrogates become U+FFFD). */
const clean = <T>(s: T): T => JSON.parse(JSON.stringify(s, (_, v) => (typeof v === "string" ? wellFormed(v) : v)));
const written = settingsArb.map((s) => stringify(clean(s)));
const TOML_TOKENS = ["[service]", "[readers.scan]", "[[readers.connect]]", "\n", "api_port = ", "mode = ", "driver = ", "7497", "'tap'", '"x"', "true", "[", "]", "{", "}", "=", ",", "\"\"\"", "#", ".", "1979-05-27", "inf", "nan", "0x1f"];
const configText = fc.oneof(anyText(), tokenText(TOML_TOKENS), written, mutatedText(written));

describe("fuzz: config file", () => {
  test("schema + store.parseConfig: any text is a config that passes the schema, or a ConfigError with problems", () => {
    fuzz(
      fc.property(configText, (text) => {
        const parsed = onlyThrows(ConfigError, () => parseConfig(text, "config.toml"), (err) => expect(err.problems.length).toBeGreaterThan(0));
        if (!parsed) return;
        expect(configTypes().ConfigFile(structuredClone(parsed.config)) instanceof type.errors).toBe(false);
        expect(parsed.config.service.api_port).toBeGreaterThanOrEqual(1);
      }),
    );
  }, fuzzTimeout());

  test("store.parseConfig: written settings read back; unknown keys are kept in the raw table", () => {
    fuzz(
      fc.property(settingsArb, (s) => {
        const settings = clean(s);
        const { config, raw } = parseConfig(stringify(settings), "config.toml");
        expect(config.debug_logging).toBe(settings.debug_logging);
        expect(config.readers.scan).toMatchObject(settings.readers.scan);
        expect(config.launchers.index_root).toEqual(settings.launchers.index_root);
        expect(config.service).toMatchObject(settings.service);
        expect(raw.unknown_section).toEqual(settings.unknown_section);
      }),
    );
  }, fuzzTimeout());

  test("store.ConfigStore.load: a file that parses is loaded frozen, anything else is a ConfigError and nothing changes", () => {
    let n = 0;
    fuzz(
      fc.property(configText, (text) => {
        const path = join(dir, `config-${n++ % 8}.toml`);
        writeFileSync(path, text);
        const store = new ConfigStore(path);
        const before = store.current;
        // The file holds UTF-8: a lone surrogate was written as U+FFFD.
        const expected = onlyThrows(ConfigError, () => parseConfig(wellFormed(text), path));
        const loaded = onlyThrows(ConfigError, () => store.load());
        expect(loaded === undefined).toBe(expected === undefined);
        if (!expected) return expect(store.current).toBe(before);
        expect(loaded).toEqual({ created: false, ignored: expect.any(Array), unsupported: expect.any(Array), mapped: expect.any(Array) });
        expect(Object.isFrozen(store.current.service)).toBe(true);
        expect(store.current.service.device_id).not.toBe("");
        expect({ ...store.current, service: { ...store.current.service, device_id: "" } }).toEqual({
          ...expected.config,
          service: { ...expected.config.service, device_id: "" },
        });
      }),
      0.5,
    );
  }, fuzzTimeout());
});

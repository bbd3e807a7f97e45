/**
 * Small line formats read from outside: MQTT connection strings, command lines, os-release, mountinfo,
 * simple serial scan lines, and the MGL files written from paths. Each parses any text with only its own
 * error (or its failure value) and gives back what its writer (or the kernel's escaping) produced.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { splitCommandLine } from "../../src/core/argv.ts";
import { MISTER_CORES } from "../../src/platforms/mister/cores.ts";
import { buildMgl, hasControlChars } from "../../src/platforms/mister/mgl.ts";
import { parseOsRelease } from "../../src/platforms/detect.ts";
import { parseMountInfo } from "../../src/readers/externaldrive/mountinfo.ts";
import { MqttPathError, parseMqttPath } from "../../src/readers/mqtt/mqtt-path.ts";
import { parseScanLine } from "../../src/readers/simpleserial/scan-line.ts";
import { anyText, mutatedText, onlyThrows, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const tokensOr = (tokens: readonly string[], written: fc.Arbitrary<string>) => fc.oneof(anyText(), tokenText(tokens), written, mutatedText(written));

const mqttArb = fc.record({
  scheme: fc.constantFrom("", "mqtt://", "tcp://", "MQTTS://", "ssl://"),
  host: fc.oneof(fc.domain(), fc.ipV4(), fc.ipV6().map((h) => `[${h}]`)),
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  slashes: fc.constantFrom("/", "//"),
  topic: fc.string({ minLength: 1, maxLength: 20 }).filter((t) => !t.startsWith("/") && t.trim() === t),
});
const mqttText = ({ scheme, host, port, slashes, topic }: typeof mqttArb extends fc.Arbitrary<infer T> ? T : never) =>
  `${scheme}${host}${port === undefined ? "" : `:${port}`}${slashes}${topic}`;

const argArb = fc.string({ unit: "binary", maxLength: 12 });
const quoteSingle = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
const quoteDouble = (a: string) => `"${a.replace(/["\\]/g, "\\$&")}"`;

const octal = (s: string) => s.replace(/[ \t\n\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`);
const mountArb = fc.record({ id: fc.nat(100000), mountPoint: anyText(20), fsType: fc.stringMatching(/^[a-z0-9._]{1,10}$/), source: anyText(20) });
type Mount = typeof mountArb extends fc.Arbitrary<infer T> ? T : never;
const mountLine = (m: Mount) => `${m.id} 1 8:1 / ${octal(m.mountPoint)} rw,relatime shared:1 - ${m.fsType} ${octal(m.source)} rw`;

const scanValue = anyText(20).filter((v) => !v.includes("\t") && v.trim() === v);

describe("fuzz: line formats", () => {
  test("mqtt-path.parseMqttPath: any text is a target (port in range, a topic) or MqttPathError; written paths read back", () => {
    fuzz(
      fc.property(tokensOr(["mqtt://", "mqtts://", "@", ":", "[", "]", "/", "1883", "99999", "host", "::1", "#", "+"], mqttArb.map(mqttText)), mqttArb, (text, w) => {
        const t = onlyThrows(MqttPathError, () => parseMqttPath(text));
        if (t) {
          expect(Number.isInteger(t.port) && t.port >= 1 && t.port <= 65535).toBe(true);
          expect(t.topic).not.toBe("");
          expect(t.host).not.toMatch(/[/@]/);
        }
        const tls = w.scheme === "MQTTS://" || w.scheme === "ssl://";
        expect(parseMqttPath(mqttText(w))).toEqual({
          tls,
          host: w.host.replace(/^\[|\]$/g, ""),
          port: w.port ?? (tls ? 8883 : 1883),
          topic: w.topic,
          broker: `${w.host}${w.port === undefined ? "" : `:${w.port}`}`,
        });
      }),
    );
  }, fuzzTimeout());

  test("argv.splitCommandLine: quoted arguments read back; unquoted text splits on white space; otherwise null or arguments", () => {
    fuzz(
      fc.property(fc.array(argArb, { maxLength: 5 }), fc.boolean(), anyText(), (args, single, text) => {
        expect(splitCommandLine(args.map(single ? quoteSingle : quoteDouble).join(" \t"))).toEqual(args);
        const split = splitCommandLine(text);
        if (!/["'\\]/.test(text)) expect(split).toEqual(text.split(/\s+/).filter((a) => a !== ""));
        else if (split) expect(split.join("").length).toBeLessThanOrEqual(text.length);
      }),
    );
  }, fuzzTimeout());

  test("detect.parseOsRelease: any text gives KEY → one-line values; written files read back", () => {
    const entries = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z0-9_]{1,10}$/), anyText(30).filter((v) => !/[\n\r\u2028\u2029]/.test(v))), { selector: ([k]) => k, maxLength: 6 });
    fuzz(
      fc.property(entries, anyText(), fc.constantFrom('"', "'", ""), (list, text, q) => {
        const file = list.map(([k, v]) => `${k}=${q || '"'}${v}${q || '"'}\n# comment`).join("\n");
        expect(parseOsRelease(file)).toEqual(Object.fromEntries(list));
        for (const [k, v] of Object.entries(parseOsRelease(text))) {
          expect(k).toMatch(/^[A-Z0-9_]+$/);
          expect(v).not.toContain("\n");
        }
      }),
    );
  }, fuzzTimeout());

  test("mountinfo.parseMountInfo: any text gives integer-id entries; kernel-escaped lines read back", () => {
    fuzz(
      fc.property(fc.array(mountArb, { maxLength: 5 }), anyText(), (mounts, text) => {
        expect(parseMountInfo(mounts.map(mountLine).join("\n"))).toEqual(mounts);
        for (const e of parseMountInfo(text)) expect(Number.isInteger(e.id)).toBe(true);
      }),
    );
  }, fuzzTimeout());

  test("scan-line.parseScanLine: any line is null or a scan whose values come from the line; written lines read back", () => {
    const lineArb = fc.record({ uid: scanValue, text: scanValue, removable: fc.option(fc.boolean(), { nil: undefined }) });
    fuzz(
      fc.property(lineArb, tokensOr(["SCAN\t", "uid=", "text=", "removable=", "no", "yes", "\t", "\r", " ", "04a1"], fc.constant("SCAN\tuid=1")), (w, text) => {
        const args = [`uid=${w.uid}`, `text=${w.text}`, ...(w.removable === undefined ? [] : [`removable=${w.removable ? "yes" : "no"}`])];
        const line = `SCAN\t${args.join("\t")}`;
        expect(parseScanLine(`${line}\r\n`)).toEqual({ uid: w.uid, text: w.text, data: line.trim(), ...(w.removable === undefined ? {} : { removable: w.removable }) });
        const s = parseScanLine(text);
        if (s) for (const part of [s.uid, s.text]) expect(s.data).toContain(part);
      }),
    );
  }, fuzzTimeout());

  test("mgl.hasControlChars/buildMgl: control characters are exactly C0, DEL and C1; any other path reads back from the MGL", () => {
    const xmlText = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    const control = (c: string) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);
    const withSlot = MISTER_CORES.filter((c) => c.slots.length > 0);
    fuzz(
      fc.property(anyText(60), fc.constantFrom(...withSlot), anyText(20), (path, core, rbf) => {
        expect(hasControlChars(path)).toBe([...path].some(control));
        if (hasControlChars(path) || hasControlChars(rbf)) return;
        const slot = { ...core.slots[0]!, reset: undefined };
        const mgl = buildMgl({ rbf, file: { path, slot } });
        const lines = mgl.split("\n");
        expect(lines).toHaveLength(4);
        expect(xmlText(/^\t<rbf>([^<>]*)<\/rbf>$/.exec(lines[1]!)![1]!)).toBe(rbf);
        expect(xmlText(/ path="([^"<>]*)"\/>$/.exec(lines[2]!)![1]!)).toBe(`../../../../..${path}`);
      }),
    );
  }, fuzzTimeout());
});

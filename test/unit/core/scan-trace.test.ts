import { describe, expect, test } from "bun:test";
import { MAX_TRACE_BYTES, TraceBuilder } from "../../../src/core/trace/builder.ts";
import { scrubSecrets } from "../../../src/core/trace/scrub.ts";
import type { ScannedToken } from "../../../src/core/token.ts";
import { ScanTrace } from "../../../src/core/wire/trace.ts";
import { parseZapScript } from "../../../src/core/zapscript/index.ts";

const token = (over: Partial<ScannedToken> = {}): ScannedToken => ({ type: "ntag215", uid: "04aabb", text: "", data: "", scanTime: "2026-01-01T00:00:00.000Z", source: "reader", ...over });

describe("scan trace builder", () => {
  test("a reader's id gives its driver", () => {
    const t = new TraceBuilder(token({ readerId: "pn532-abcdefgh" }), () => 0).finish(true);
    expect(t).toMatchObject({ source: "reader", readerId: "pn532-abcdefgh", driver: "pn532" });
  });

  test("a huge script stays within the size bound and says it was cut", () => {
    let now = 0;
    const text = Array.from({ length: 200 }, (_, i) => `**echo:${"x".repeat(200)}${i}`).join("||");
    const b = new TraceBuilder(token({ text, data: "ab".repeat(4000) }), () => now++);
    const script = parseZapScript(text);
    b.parsed(script.commands);
    for (const c of script.commands) {
      b.begin(c);
      b.end("failed", "e".repeat(2000));
    }
    b.fail("command_failed", "e".repeat(5000));
    const t = ScanTrace.assert(b.finish(false));
    expect(new TextEncoder().encode(JSON.stringify(t)).length).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    expect(t.truncated).toBe(true);
    expect(t.read.data.length).toBeLessThanOrEqual(512);
    expect(t.reason).toBe("command_failed");
  });

  test("request bodies are left out", () => {
    const b = new TraceBuilder(token(), () => 0);
    b.parsed(parseZapScript("**http.post:https://example.com/hook,application/json,{\"key\":\"s3cret\"}").commands);
    expect(JSON.stringify(b.finish(true).commands)).not.toContain("s3cret");
  });
});

describe("scrubSecrets", () => {
  test.each([
    ["https://user:pw@host/a?b=c#d", "https://***@host/a?…"],
    ["see http://host:8080/path and ftp://a@b", "see http://host:8080/path and ftp://***@b"],
    ["SNES/Game (USA).sfc", "SNES/Game (USA).sfc"],
    ["steam://rungameid/123", "steam://rungameid/123"],
  ])("%p", (input, out) => {
    expect(scrubSecrets(input)).toBe(out);
  });
});

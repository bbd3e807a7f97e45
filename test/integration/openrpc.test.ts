import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import * as jsonSchemaPackage from "@json-schema-tools/meta-schema";
import * as openRpcPackage from "@open-rpc/meta-schema";
import Ajv from "ajv";
import { DOCS_PATH, renderMarkdown } from "../../build/api-docs.ts";
import { startService, type TestService } from "../fixtures/service.ts";

type Json = Record<string, unknown>;
// Both packages export the schema objects at run time under names their type declarations do not list.
const jsonSchema = (jsonSchemaPackage as unknown as { jsonSchema: Json }).jsonSchema;
const openrpcDocument = (openRpcPackage as unknown as { openrpcDocument: Json }).openrpcDocument;
let svc: TestService;

beforeAll(async () => {
  svc = await startService({ configToml: '[service]\nplatform = "linux"\n' });
});
afterAll(async () => {
  await svc.stop();
});

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
  // The OpenRPC meta-schema refers to the JSON Schema meta-schema by two spellings of one URL.
  const { $schema: _a, $id: _c, ...schemaMeta } = jsonSchema as Json;
  ajv.addSchema(schemaMeta, "https://meta.json-schema.tools/");
  ajv.addSchema(schemaMeta, "https://meta.json-schema.tools");
  const { $schema: _b, ...meta } = openrpcDocument as Json;
  return ajv.compile(meta);
}

describe("rpc.discover", () => {
  test("returns an OpenRPC document that validates against the published meta-schema, over WebSocket and POST /api", async () => {
    const c = await svc.connect();
    const viaWs = await c.call<Json>("rpc.discover");
    const validate = validator();
    expect(validate({ openrpc: "1.3.2", methods: [{ name: 1 }] })).toBe(false); // the validator does reject
    const ok = validate(viaWs);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const r = await fetch(`${svc.http}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "rpc.discover" }) });
    const viaHttp = ((await r.json()) as { result: Json }).result;
    expect(viaHttp).toEqual(viaWs);
  });

  test("lists every method and alias the dispatcher answers to, and every notification", async () => {
    const c = await svc.connect();
    const doc = await c.call<Json>("rpc.discover");
    const documented = (doc.methods as Json[]).map((m) => m.name as string).sort();
    expect(documented).toEqual(svc.app.methodNames().sort());
    const notes = (doc["x-notifications"] as Json[]).map((n) => n.name);
    for (const n of ["launching", "readers.added", "readers.removed", "tokens.added", "tokens.removed", "media.started", "media.stopped", "media.indexing"]) {
      expect(notes).toContain(n);
    }
  });

  test("every documented example is accepted by its method (no -32602)", async () => {
    const c = await svc.connect();
    const doc = await c.call<Json>("rpc.discover");
    const withExamples = (doc.methods as Json[]).filter((m) => m["x-exampleParams"] !== undefined && !m["x-aliasOf"]);
    expect(withExamples.length).toBeGreaterThan(0);
    for (const m of withExamples) {
      const r = await c.request(m.name as string, m["x-exampleParams"]);
      expect({ method: m.name, code: r.error?.code }).not.toEqual({ method: m.name, code: -32602 });
    }
  });

  test("docs/api.md is what the schemas produce (regenerate with `make docs`)", async () => {
    const c = await svc.connect();
    const doc = await c.call<Json>("rpc.discover");
    expect(readFileSync(DOCS_PATH, "utf8")).toBe(renderMarkdown(doc));
  });
});

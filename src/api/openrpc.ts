import type { Type } from "../core/lazy-arktype.ts";
import { notifications } from "../core/wire/notifications.ts";
import { errorMeanings } from "./rpc/errors.ts";
import type { AnyMethod } from "./rpc/method.ts";

/**
 * Builds the OpenRPC 1.x description of the interface from the same arktype schemas that validate params and
 * describe results. Non-standard facts go in `x-` extension fields: aliases, device-only methods, the whole
 * params schema (params may be a string for some methods) and the notifications.
 */

type JsonSchema = Record<string, unknown>;

function toSchema(t: Type<unknown>): JsonSchema {
  const schema = t.toJsonSchema({
    fallback: (ctx) => ctx.base,
  }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

const APP_ERRORS = Object.entries(errorMeanings).map(([code, message]) => ({ code: Number(code), message }));

function contentDescriptors(method: AnyMethod): Array<Record<string, unknown>> {
  if (!method.params) return [];
  const schema = toSchema(method.params);
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, required: required.has(name), schema: s }));
}

export interface OpenRpcInfo {
  version: string;
  platform: string;
}

export function buildOpenRpc(methods: readonly AnyMethod[], info: OpenRpcInfo): Record<string, unknown> {
  const sorted = [...methods].sort((a, b) => a.name.localeCompare(b.name));
  const docs: Array<Record<string, unknown>> = [];
  for (const m of sorted) {
    const base: Record<string, unknown> = {
      name: m.name,
      summary: m.summary,
      paramStructure: "by-name",
      params: contentDescriptors(m),
      result: { name: "result", schema: m.result ? toSchema(m.result) : {} },
      errors: APP_ERRORS,
      "x-localOnly": m.localOnly === true,
    };
    if (m.params) base["x-paramsSchema"] = toSchema(m.params);
    if (m.example !== undefined) {
      base.examples = [
        {
          name: `${m.name} example`,
          params: Object.entries((typeof m.example === "object" && m.example !== null ? m.example : {}) as Record<string, unknown>).map(
            ([name, value]) => ({ name, value }),
          ),
        },
      ];
      base["x-exampleParams"] = m.example;
    }
    docs.push(base);
    for (const alias of m.aliases ?? []) {
      docs.push({ ...base, name: alias, summary: `Alias of ${m.name}. ${m.summary}`, "x-aliasOf": m.name });
    }
  }
  return {
    openrpc: "1.3.2",
    info: {
      title: "tapserve local control API",
      version: info.version,
      description:
        "JSON-RPC 2.0 over WebSocket at / (also /api, /api/v0, /api/v0.1), POST /api and GET /api/events. " +
        "Generated from the schemas that validate every call.",
    },
    servers: [{ name: "device", url: "ws://{host}:7497/", variables: { host: { default: "127.0.0.1" } } }],
    methods: docs,
    components: {},
    "x-notifications": Object.entries(notifications).map(([name, d]) => ({
      name,
      summary: d.summary,
      params: d.params ? toSchema(d.params as Type<unknown>) : null,
    })),
    "x-errors": APP_ERRORS,
  };
}

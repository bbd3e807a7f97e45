import { type } from "arktype";
import { buildOpenRpc } from "../openrpc.ts";
import { defineMethod, type AnyMethod } from "../rpc/method.ts";

/** `rpc.discover` (the OpenRPC convention): the API description, built from the live method table. */
export function discoverMethods(deps: { methods(): readonly AnyMethod[]; version: string; platform(): string }) {
  return [
    defineMethod({
      name: "rpc.discover",
      summary: "The OpenRPC description of this interface: every method, its params, result and errors, and every notification.",
      params: null,
      result: type({ openrpc: "string", info: "object", methods: "object[]" }),
      handler: () => buildOpenRpc(deps.methods(), { version: deps.version, platform: deps.platform() }),
    }),
  ];
}

import { DiscoverResult } from "../../core/wire/service.ts";
import { buildOpenRpc } from "../openrpc.ts";
import { type AnyMethod, defineMethod } from "../rpc/method.ts";

/** `rpc.discover` (the OpenRPC convention): the API description, built from the live method table. */
export function discoverMethods(deps: { methods(): readonly AnyMethod[]; version: string; platform: string }) {
  return [
    defineMethod({
      name: "rpc.discover",
      summary: "The OpenRPC description of this interface: every method, its params, result and errors, and every notification.",
      params: null,
      result: DiscoverResult,
      handler: () => buildOpenRpc(deps.methods(), { version: deps.version, platform: deps.platform }),
    }),
  ];
}

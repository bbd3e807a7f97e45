import { type } from "../lazy-arktype.ts";

/** The service itself on the wire: `version`, `health`, `rpc.discover`. */

export const VersionResult = type({ version: "string", platform: "string" });
export type VersionResult = typeof VersionResult.infer;
export const HealthResult = type({ status: "'ok'" });
export const DiscoverResult = type({ openrpc: "string", info: "object", methods: "object[]" });

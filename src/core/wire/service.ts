import { type } from "../lazy-arktype.ts";
import { lazy } from "./lazy.ts";

/** The service itself on the wire: `version`, `health`, `rpc.discover`. */

export const VersionResult = lazy(() => type({ version: "string", platform: "string" }));
export type VersionResult = typeof VersionResult.infer;
export const HealthResult = lazy(() => type({ status: "'ok'" }));
export const DiscoverResult = lazy(() => type({ openrpc: "string", info: "object", methods: "object[]" }));

import pkg from "../package.json" with { type: "json" };

/** Set by `make dist` (`bun build --define TAPSERVE_BUILD_VERSION='"…"'`); absent when run from source. */
declare const TAPSERVE_BUILD_VERSION: string | undefined;

/** The service version: the one the build injected, else package.json's. */
export const SERVICE_VERSION: string = typeof TAPSERVE_BUILD_VERSION === "string" ? TAPSERVE_BUILD_VERSION : pkg.version;
export const SERVICE_NAME = "tapserve";

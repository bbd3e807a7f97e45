import pkg from "../package.json" with { type: "json" };

/** Set by `make dist` (`bun build --define TAPSERVE_BUILD_VERSION='"…"'`); absent when run from source. */
declare const TAPSERVE_BUILD_VERSION: string | undefined;

/** The service version: the one the build injected, else package.json's. */
export const SERVICE_VERSION: string = typeof TAPSERVE_BUILD_VERSION === "string" ? TAPSERVE_BUILD_VERSION : pkg.version;
export const SERVICE_NAME = "tapserve";

/**
 * The version clients see (`version`, mDNS): plain `X.Y.Z`, build metadata dropped. The reference's phone app
 * gates features on it and turns every feature on for anything that is not plain `X.Y.Z`, so a `+commit`
 * suffix would make it call methods we do not have. `--version` and the log keep the full build version.
 */
export const API_VERSION: string = SERVICE_VERSION.replace(/\+.*$/, "");

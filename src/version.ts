import pkg from "../package.json" with { type: "json" };

/** The service version. Builds inject it at compile time (the bundler inlines package.json). */
export const SERVICE_VERSION: string = pkg.version;
export const SERVICE_NAME = "tapserve";

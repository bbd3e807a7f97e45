/**
 * The wire: the arktype schema of every request, result and notification, each with its inferred type, defined
 * once. Methods validate with them, the API description is generated from them, the web app imports their
 * types, tests check replies against them.
 */
export * from "./auth.ts";
export * from "./backup.ts";
export * from "./cards.ts";
export * from "./clients.ts";
export * from "./inbox.ts";
export * from "./mappings.ts";
export * from "./media.ts";
export * from "./media-meta.ts";
export * from "./notifications.ts";
export * from "./playtime.ts";
export * from "./profiles.ts";
export * from "./readers.ts";
export * from "./service.ts";
export * from "./settings.ts";
export * from "./tokens.ts";
export * from "./ui.ts";
export * from "./trace.ts";
export * from "./input.ts";
export * from "./media-browse.ts";
export * from "./cards-labels.ts";

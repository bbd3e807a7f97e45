/**
 * MiSTer's launcher, "now playing" tracker, commands, arcade titles and storage watch (with the core tables),
 * loaded by platform-set.ts only where MiSTer is the platform (or a test gives its paths).
 */
export { ArcadeDb } from "./arcade-db.ts";
export { MisterCommands } from "./commands.ts";
export { DEFAULT_MISTER_PATHS, MISTEX_PATHS, MisterLauncher } from "./launcher.ts";
export { MraTitles } from "./mra-titles.ts";
export { takeMisterScreenshot } from "./screenshot.ts";
export { MisterStorageWatch } from "./storage-watch.ts";
export { MisterTracker } from "./tracker.ts";

import { type } from "../lazy-arktype.ts";

/** `settings.logs.download`: the current log file, base64-encoded, with its name and size in bytes. */
export const LogDownloadResult = type({ filename: "string", content: "string", size: "number.integer >= 0" });
export type LogDownloadResult = typeof LogDownloadResult.infer;

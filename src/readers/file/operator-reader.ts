/**
 * `operator` (MiSTer): Epilogue's Operator cartridge bridge hands the cartridge's token to Zaparoo through a
 * file, `/tmp/zaparoo-operator.token`, read as a `file:` reader (content = token, emptied or deleted =
 * removal). As the reference's, it is on and auto-detected by default, and found only when Epilogue's software
 * is installed (`Scripts/Operator.sh` on the SD card, a regular file); uninstalled, the reader goes away.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { ReaderDriver } from "../types.ts";
import { FileReader } from "./file-reader.ts";

export const OPERATOR_DRIVER = "operator";
export const OPERATOR_TOKEN_PATH = "/tmp/zaparoo-operator.token";
/** Epilogue's entry script, relative to the SD card. */
export const OPERATOR_ENTRY = "Scripts/Operator.sh";

export interface OperatorDriverOptions {
  /** The SD card (`/media/fat`). */
  sdRoot: string;
  /** Token folders a configured `operator:` path may also use (`file:` readers' folders). */
  folders?: readonly string[];
  pollMs?: number;
}

export function operatorDriver(opts: OperatorDriverOptions): ReaderDriver {
  const entry = join(opts.sdRoot, OPERATOR_ENTRY);
  const installed = () => {
    try {
      return statSync(entry).isFile();
    } catch {
      return false;
    }
  };
  return {
    id: OPERATOR_DRIVER,
    names: [OPERATOR_DRIVER],
    autoDetect: true,
    // The bridge's own file is read in /tmp (the one token file allowed there); any other path only inside the token folders.
    create: (path) => new FileReader(path, opts.pollMs, path === OPERATOR_TOKEN_PATH ? ["/tmp"] : (opts.folders ?? []), OPERATOR_DRIVER, installed),
    async detect(exclude) {
      return installed() && !exclude.has(OPERATOR_TOKEN_PATH) ? [OPERATOR_TOKEN_PATH] : [];
    },
  };
}

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../config/atomic-write.ts";
import { rfc3339, type ScannedToken, type TokenSink } from "../../core/token.ts";
import { log } from "../../log.ts";

const logger = log.withTag("launch");
const STATE_FILE = "service_startup_state.json";
const BOOT_ID = "/proc/sys/kernel/random/boot_id";

/** This boot's id (Linux), or null where the system does not give one. */
function bootId(path: string): string | null {
  try {
    return readFileSync(path, "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** True the first time the service starts in this boot (remembered in `<data>/service_startup_state.json`). */
function firstStartOfBoot(dataDir: string, bootIdPath: string): boolean | null {
  const id = bootId(bootIdPath);
  if (id === null) return null;
  const state = join(dataDir, STATE_FILE);
  try {
    if (existsSync(state) && (JSON.parse(readFileSync(state, "utf8")) as { bootId?: unknown }).bootId === id) return false;
  } catch {
    // an unreadable state file counts as a new boot
  }
  writeFileAtomic(state, `${JSON.stringify({ bootId: id })}\n`, 0o600);
  return true;
}

const hookToken = (script: string): ScannedToken => ({ type: "hook", uid: "", text: script, data: "", scanTime: rfc3339(), source: "api", remote: false });

/**
 * The reference's `service.on_boot` (once per boot of the device, on the first start of the service) and
 * `service.on_ready` (every start, once listening) scripts, queued as tokens from the device itself.
 */
export function runStartHooks(p: { dataDir: string; onBoot: string; onReady: string; sink: TokenSink; bootIdPath?: string }): void {
  if (p.onBoot.trim() !== "") {
    const first = firstStartOfBoot(p.dataDir, p.bootIdPath ?? BOOT_ID);
    if (first === null) logger.warn("service.on_boot skipped: this system gives no boot id");
    else if (first) {
      logger.info("running service.on_boot");
      p.sink.submit(hookToken(p.onBoot));
    }
  }
  if (p.onReady.trim() !== "") {
    logger.info("running service.on_ready");
    p.sink.submit(hookToken(p.onReady));
  }
}

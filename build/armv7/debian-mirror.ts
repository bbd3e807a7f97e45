import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const FALLBACK = "http://deb.debian.org/debian";

/**
 * The Debian mirror this machine's own apt already uses (so builds go where the host is allowed to go):
 * env TAPSERVE_DEBIAN_MIRROR, else the first `…/debian` URI in /etc/apt/sources.list{,.d/*}, else deb.debian.org.
 */
export function debianMirror(env: Record<string, string | undefined> = process.env, etc = "/etc/apt"): string {
  if (env.TAPSERVE_DEBIAN_MIRROR) return env.TAPSERVE_DEBIAN_MIRROR.replace(/\/+$/, "");
  const files = [join(etc, "sources.list")];
  const dir = join(etc, "sources.list.d");
  if (existsSync(dir)) for (const f of readdirSync(dir).sort()) files.push(join(dir, f));
  for (const file of files) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const uri = firstDebianUri(text);
    if (uri) return uri;
  }
  return FALLBACK;
}

/** The first URI ending in /debian (not -security, not a third-party repo) in a one-line or deb822 source file. */
export function firstDebianUri(text: string): string | undefined {
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^(?:deb\s+(?:\[[^\]]*\]\s+)?|URIs:\s*)(\S+)/.exec(line);
    const uri = m?.[1]?.replace(/\/+$/, "");
    if (uri && /^https?:\/\/.+\/debian$/.test(uri)) return uri;
  }
  return undefined;
}

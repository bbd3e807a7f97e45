/**
 * Durations as the reference writes them (Go's `time.Duration` text): "1h30m", "45m", "90s", "1.5h", "0".
 * Parsed to and formatted from whole milliseconds, the precision the service keeps.
 */

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, "μs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;

/** Milliseconds of a duration text, or null when it is not one. Negative values parse (callers reject them). */
export function parseDuration(text: string): number | null {
  let s = text.trim();
  if (s === "") return null;
  let sign = 1;
  if (s[0] === "-" || s[0] === "+") {
    if (s[0] === "-") sign = -1;
    s = s.slice(1);
  }
  if (s === "0") return 0;
  if (s === "") return null;
  let total = 0;
  while (s !== "") {
    const m = PART.exec(s);
    if (!m) return null;
    const [whole, int = "", frac = "", unit = ""] = m;
    if (int === "" && frac === "") return null;
    total += Number(`${int || "0"}.${frac || "0"}`) * (UNIT_MS[unit] ?? 0);
    s = s.slice(whole.length);
  }
  return sign * Math.round(total);
}

/** A duration text that parses and is not negative. */
export function isDuration(text: string): boolean {
  const ms = parseDuration(text);
  return ms !== null && ms >= 0;
}

/** Go's formatting: "1h30m0s", "5m0s", "42s", "1.5s", "250ms", "0s". */
export function formatDuration(ms: number): string {
  const v = Math.round(ms);
  if (v === 0) return "0s";
  const sign = v < 0 ? "-" : "";
  let rest = Math.abs(v);
  if (rest < 1000) return `${sign}${rest}ms`;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const sec = Math.floor(rest / 1000);
  const milli = rest - sec * 1000;
  const secText = milli === 0 ? `${sec}s` : `${sec}.${String(milli).padStart(3, "0").replace(/0+$/, "")}s`;
  if (h > 0) return `${sign}${h}h${m}m${secText}`;
  if (m > 0) return `${sign}${m}m${secText}`;
  return `${sign}${secText}`;
}

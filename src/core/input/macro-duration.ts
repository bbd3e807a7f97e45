/**
 * Durations in input macros (`{delay:250}`, `{hold:a:1s}`, `?speed=50ms`): a whole number of milliseconds, or
 * a Go-style duration, a sequence of decimal numbers each with a unit (`1s`, `500ms`, `1m30s`, `1.5s`; units
 * ns, us, µs, ms, s, m, h), as the reference accepts them. Returns milliseconds, or undefined when unreadable.
 */
const UNIT_MS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, "μs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseMacroDuration(text: string): number | undefined {
  if (/^[+-]?\d+$/.test(text)) return Number(text);
  const m = /^([+-]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$/.exec(text);
  if (!m) return text === "0" ? 0 : undefined;
  let total = 0;
  for (const part of m[2]!.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * UNIT_MS[part[2]!]!;
  return m[1] === "-" ? -total : total;
}

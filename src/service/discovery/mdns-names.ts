/**
 * The names tried, in order, when one is taken on the network (RFC 6762 §9; DNS-SD §4.1.1 style): the
 * instance name as configured, then `name (2)`, `name (3)` …; the host name `label.local`, then `label-2.local` …
 * (a host label allows neither spaces nor parentheses).
 */
export function instanceName(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base} (${attempt})`;
}

export function hostName(label: string, attempt: number): string {
  return attempt <= 1 ? `${label}.local` : `${label}-${attempt}.local`;
}

/** The machine's host name as one DNS label: its first label, letters, digits and hyphens only. */
export function hostLabel(osHostname: string): string {
  const label = (osHostname.split(".")[0] ?? "").replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return label || "tapserve";
}

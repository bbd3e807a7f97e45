/**
 * `/proc/<pid>/mountinfo` lines (proc(5)): `id parent major:minor root mountpoint options [optional…] - fstype
 * source superoptions`, with space, tab, newline and backslash in paths written as octal escapes. Pure.
 */

export interface MountEntry {
  id: number;
  mountPoint: string;
  fsType: string;
  source: string;
}

const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));

export function parseMountInfo(text: string): MountEntry[] {
  const out: MountEntry[] = [];
  for (const line of text.split("\n")) {
    const fields = line.split(" ");
    const dash = fields.indexOf("-", 6);
    if (fields.length < 10 || dash < 0 || dash + 2 >= fields.length) continue;
    const id = Number(fields[0]);
    if (!Number.isInteger(id)) continue;
    out.push({ id, mountPoint: unescape(fields[4]!), fsType: fields[dash + 1]!, source: unescape(fields[dash + 2]!) });
  }
  return out;
}

/** Kernel and service filesystems that are never a removable drive. */
const SYSTEM_FS = new Set([
  "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts", "devtmpfs", "efivarfs",
  "fusectl", "hugetlbfs", "mqueue", "nsfs", "overlay", "proc", "pstore", "ramfs", "rpc_pipefs", "securityfs",
  "sysfs", "tmpfs", "tracefs", "fuse.gvfsd-fuse", "fuse.portal",
]);

/** Mounts strictly below one of `parents` (e.g. /media/usb0 under /media) holding a real filesystem. */
export function driveMounts(entries: readonly MountEntry[], parents: readonly string[]): MountEntry[] {
  const prefixes = parents.map((p) => (p.endsWith("/") ? p : `${p}/`));
  const seen = new Map<string, MountEntry>();
  for (const e of entries) {
    if (SYSTEM_FS.has(e.fsType) || !prefixes.some((p) => e.mountPoint.startsWith(p))) continue;
    seen.set(e.mountPoint, e); // a later mount over the same point hides the earlier one
  }
  return [...seen.values()];
}

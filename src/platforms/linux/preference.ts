import type { LaunchTarget, Launcher } from "../shared/launcher.ts";

/**
 * `launchers.preference` (the reference's): launcher ids or groups, in order. The first entry naming a
 * launcher (by id or group, any case) that can run the target picks it; none: the usual priority order.
 */
export function preferred(launchers: readonly Launcher[], preference: readonly string[], target: LaunchTarget): Launcher | undefined {
  for (const ref of preference) {
    const r = ref.toLowerCase();
    const hit = launchers.find((l) => (l.id.toLowerCase() === r || l.groups?.some((g) => g.toLowerCase() === r)) && l.handles(target));
    if (hit) return hit;
  }
  return undefined;
}

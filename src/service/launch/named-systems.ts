import { type CatalogSystem, systemCatalog } from "../../core/systems/catalog.ts";
import { log, outside } from "../../log.ts";
import { CommandError } from "./commands/types.ts";

const logger = log.withTag("launch");

/**
 * The system a user names in a script (`SNES`, `snes`, `MegaDrive`, `Sega Mega Drive`, `famicom` …), resolved as
 * the reference resolves it; an unknown name is an error naming it.
 */
export function namedSystem(name: string): CatalogSystem {
  const s = systemCatalog().lookupSystem(name);
  if (!s) throw new CommandError(`unknown system: ${name}`);
  return s;
}

/**
 * The systems a list of names means (`launch.random:snes,genesis`). As in the reference, a name no system has is
 * skipped (and logged) while others resolve; when none resolves the error names them all.
 */
export function namedSystems(names: readonly string[], command: string): CatalogSystem[] {
  const catalog = systemCatalog();
  const found: CatalogSystem[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const s = catalog.lookupSystem(name);
    if (s) found.push(s);
    else unknown.push(name);
  }
  if (found.length === 0) throw new CommandError(`unknown system${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  if (unknown.length) logger.warn(`${command}: skipping unknown system${unknown.length > 1 ? "s" : ""} ${outside(unknown.join(", "))}`);
  return found;
}

/**
 * The first answer of `find` over the tiers of the named systems (all of them, then each fallback on its own), as
 * the reference's random pick and search go; undefined when no tier has one.
 */
export function firstInTiers<T>(systems: readonly CatalogSystem[], find: (ids: string[]) => T | undefined): T | undefined {
  for (const tier of systemCatalog().tiers(systems)) {
    const hit = find(tier.map((s) => s.id));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** "SNES" / "GenesisMSU (or its fallback Genesis)" for messages. */
export function describeTiers(systems: readonly CatalogSystem[]): string {
  const [primary = [], ...fallbacks] = systemCatalog().tiers(systems);
  const named = primary.map((s) => s.id).join(", ");
  if (fallbacks.length === 0) return named;
  const whose = primary.length > 1 ? "their" : "its";
  return `${named} (or ${whose} fallback${fallbacks.length > 1 ? "s" : ""} ${fallbacks.map((t) => t[0]!.id).join(", ")})`;
}

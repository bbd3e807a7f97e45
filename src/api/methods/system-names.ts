import { DomainError } from "../../core/errors.ts";
import { type CatalogSystem, systemCatalog } from "../../core/systems/catalog.ts";

/**
 * The system ids a request's `systems` names. By default as given: case-sensitive ids, as the spec says and as the
 * reference's API takes them unless asked otherwise; with `fuzzySystem: true` (the reference's flag) any name of a
 * system ("snes", "MegaDrive", "Sega Mega Drive"), resolved as the reference's system lookup does. An unknown
 * name is refused, naming it (the reference refuses an unknown id in a filter too).
 */
export function requestedSystemIds(names: readonly string[], fuzzy: boolean | undefined): string[] {
  if (fuzzy) return names.map((n) => systemNamed(n).id);
  const catalog = systemCatalog();
  const unknown = names.filter((n) => !catalog.byIdExact(n));
  if (unknown.length) throw new DomainError("invalid", `unknown system: ${unknown.join(", ")} (system ids are case-sensitive, e.g. "SNES"; with fuzzySystem: true any name of a system is taken)`);
  return [...names];
}

/** The system any name of it means (`media.active.update` takes names, as the reference does); unknown: refused. */
export function systemNamed(name: string): CatalogSystem {
  const system = systemCatalog().lookupSystem(name);
  if (!system) throw new DomainError("invalid", `unknown system: ${name}`);
  return system;
}

import { isValidExtension, type TagFilter } from "../../../core/titles/index.ts";
import { parseTagFilters } from "../../../core/tags/index.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { namedSystem } from "../named-systems.ts";
import { startItem } from "./start-item.ts";
import { type CommandEnv, CommandError, type CommandHandler, requireArg, requireLibrary } from "./types.ts";


/** `System/Title` split at the first slash, both parts non-empty; null when the text is not of that form. */
function titleParts(text: string): { system: string; title: string } | null {
  const slash = text.indexOf("/");
  if (slash <= 0 || slash === text.length - 1) return null;
  return { system: text.slice(0, slash), title: text.slice(slash + 1) };
}

/**
 * A `launch` argument that is no file may name a title (`SNES/Last Action Hero`), as the reference reads it: the
 * System/Title form, with no wildcard, no backslash and no file extension after the slash.
 */
export function mightBeTitle(text: string): boolean {
  const parts = titleParts(text);
  if (!parts || parts.title.includes("*") || parts.title.includes("\\")) return false;
  const base = parts.title.slice(parts.title.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot < 0 || !isValidExtension(base.slice(dot));
}

/** `?tags=region:us,-unfinished:demo` (the reference's tag filter syntax); a malformed list is the script's error. */
function advancedTags(cmd: ZapCommand): TagFilter[] {
  const raw = cmd.advArgs.tags;
  if (raw === undefined || raw === "") return [];
  try {
    return parseTagFilters(raw);
  } catch (err) {
    throw new CommandError(`${cmd.name}: invalid advanced arguments: ${(err as Error).message}`);
  }
}

/**
 * Starts the file a `System/Title` names, chosen as the reference chooses it (core/titles: its slugs, tag filters
 * in the title and in `?tags=`, its strategies and preferences, its refusals); the scan trace records each step.
 */
export async function startTitle(text: string, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  const library = requireLibrary(env, cmd.name);
  const parts = titleParts(text);
  if (!parts) throw new CommandError(`${cmd.name}: invalid title format: ${JSON.stringify(text)} (expected System/Title)`);
  const system = namedSystem(parts.system);
  const additionalTags = advancedTags(cmd);
  // the file types the system's launchers take, most preferred first (the named launcher's alone with ?launcher=)
  const launcherExtensions = env.launcherExtensions?.(system.id, cmd.advArgs.launcher || undefined) ?? [];
  const { outcome, item } = library.resolveTitle?.(system.id, parts.title, { additionalTags, launcherExtensions }) ?? { outcome: null };
  if (!outcome) {
    env.traceTitle?.({ system: system.id, title: parts.title, steps: [`no media of ${system.id} indexed`] });
    throw new CommandError(`${cmd.name}: no media of ${system.id} indexed to find ${JSON.stringify(parts.title)} in`, false, "media_not_found");
  }
  env.traceTitle?.({
    system: system.id,
    title: parts.title,
    ...(outcome.ok ? { strategy: outcome.strategy, confidence: outcome.confidence } : outcome.confidence !== undefined ? { confidence: outcome.confidence } : {}),
    steps: [...outcome.trace],
  });
  if (!outcome.ok) {
    const why = outcome.reason === "low_confidence" ? "no match confident enough" : outcome.reason === "empty_slug" ? "the title has no letters or digits to match" : "no matching title";
    throw new CommandError(`${cmd.name}: ${why} for ${JSON.stringify(parts.title)} in ${system.id}`, false, "media_not_found");
  }
  if (!item) throw new CommandError(`${cmd.name}: the index changed while resolving ${JSON.stringify(parts.title)}; try again`);
  await startItem(item, cmd, env);
}

/** `@System/Title` and `launch.title:System/Title`. */
export const launchTitle: CommandHandler = async (cmd, env) => {
  await startTitle(requireArg(cmd, 0, "<system>/<title>"), cmd, env);
};

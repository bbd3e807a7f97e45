import { DomainError } from "../../core/errors.ts";
import { type Mapping, patternProblem } from "../../core/mappings.ts";
import { rfc3339 } from "../../core/token.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { type MappingInput, type MappingPatch, MappingsRepository } from "./mappings-repo.ts";

/** At most this many mappings; pattern, override and label each bounded (refused with -32602 past them). */
export const MAPPING_LIMITS = { count: 1000, patternChars: 1024, overrideChars: 8192, labelChars: 256 } as const;

/** Mappings as the API manages them: every pattern checked before it is stored, unknown ids refused. */
export class MappingsService {
  private readonly repo: MappingsRepository;

  constructor(db: SqlDatabase) {
    this.repo = new MappingsRepository(db);
  }

  /** Every mapping, enabled or not, ascending id. */
  all(): readonly Mapping[] {
    return this.repo.all();
  }

  /** Reads the table afresh at the next use (after a backup restore replaced it). */
  forgetCache(): void {
    this.repo.forget();
  }

  create(input: MappingInput): number {
    checkSizes(input);
    if (this.repo.all().length >= MAPPING_LIMITS.count) throw new DomainError("invalid", `too many mappings (at most ${MAPPING_LIMITS.count}); delete one first`);
    checkPattern(input);
    return this.repo.create(input, rfc3339());
  }

  /** Changes only the supplied keys. */
  update(id: number, patch: MappingPatch): void {
    const current = this.repo.get(id);
    if (!current) throw new DomainError("not-found", `mapping ${id} not found`);
    checkSizes(patch);
    checkPattern({ match: patch.match ?? current.match, pattern: patch.pattern ?? current.pattern });
    this.repo.update(id, patch);
  }

  delete(id: number): void {
    if (!this.repo.delete(id)) throw new DomainError("not-found", `mapping ${id} not found`);
  }
}

function checkSizes(m: Partial<Pick<Mapping, "pattern" | "override" | "label">>): void {
  const over = [
    ["pattern", m.pattern, MAPPING_LIMITS.patternChars],
    ["override", m.override, MAPPING_LIMITS.overrideChars],
    ["label", m.label, MAPPING_LIMITS.labelChars],
  ].filter(([, v, max]) => typeof v === "string" && v.length > (max as number));
  if (over.length) throw new DomainError("invalid", over.map(([k, v, max]) => `${k} is too long (${(v as string).length} characters; at most ${max})`).join("; "));
}

function checkPattern(m: Pick<Mapping, "match" | "pattern">): void {
  const problem = patternProblem(m.match, m.pattern);
  if (problem) throw new DomainError("invalid", problem);
}

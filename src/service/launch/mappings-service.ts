import { DomainError } from "../../core/errors.ts";
import { type Mapping, patternProblem } from "../../core/mappings.ts";
import { rfc3339 } from "../../core/token.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { type MappingInput, type MappingPatch, MappingsRepository } from "./mappings-repo.ts";

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
    checkPattern(input);
    return this.repo.create(input, rfc3339());
  }

  /** Changes only the supplied keys. */
  update(id: number, patch: MappingPatch): void {
    const current = this.repo.get(id);
    if (!current) throw new DomainError("not-found", `mapping ${id} not found`);
    checkPattern({ match: patch.match ?? current.match, pattern: patch.pattern ?? current.pattern });
    this.repo.update(id, patch);
  }

  delete(id: number): void {
    if (!this.repo.delete(id)) throw new DomainError("not-found", `mapping ${id} not found`);
  }
}

function checkPattern(m: Pick<Mapping, "match" | "pattern">): void {
  const problem = patternProblem(m.match, m.pattern);
  if (problem) throw new DomainError("invalid", problem);
}

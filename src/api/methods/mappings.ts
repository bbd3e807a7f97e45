import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import type { FileMapping } from "../../core/file-mappings.ts";
import { canonicalMappingType, type Mapping } from "../../core/mappings.ts";
import { DeleteMappingParams, MappingsParams, MappingsResult, NewMappingParams, NewMappingResult, UpdateMappingParams } from "../../core/wire/mappings.ts";
import type { FileMappings } from "../../service/launch/file-mappings.ts";
import type { MappingsService } from "../../service/launch/mappings-service.ts";
import { defineMethod } from "../rpc/method.ts";

const mappingOut = (m: Mapping) => ({ ...m, id: String(m.id), label: m.label ?? "", source: "database" as const, readOnly: false });
const fileMappingOut = ({ file: _file, ...m }: FileMapping) => ({ ...m, id: "", added: "", source: "file" as const, readOnly: true });

/** Mapping ids from the wire; "" is what the list gives file mappings, which cannot be changed through the API. */
function dbId(id: number | string): number {
  if (id === "") throw new DomainError("invalid", "file mappings are read-only: edit the TOML file in the data folder's mappings/ folder, then call mappings.reload");
  return Number(id);
}

/** `mappings`, `mappings.new`, `mappings.update`, `mappings.delete`. */
export function mappingsMethods(deps: { mappings: MappingsService; files: FileMappings }) {
  return [
    defineMethod({
      name: "mappings",
      summary: "Every mapping, enabled or not, ascending id (ids as digit strings); with includeReadOnly also the read-only mappings of the mappings/ folder's TOML files (source \"file\", id \"\"), in the order they are tried, after the database's.",
      params: MappingsParams,
      result: MappingsResult,
      example: { includeReadOnly: true },
      handler: (p) => {
        const mappings = deps.mappings.all().map(mappingOut);
        return { mappings: p?.includeReadOnly ? [...mappings, ...deps.files.all().map(fileMappingOut)] : mappings };
      },
    }),
    defineMethod({
      name: "mappings.reload",
      summary: "Reads the mappings/ folder's TOML files again; a file that cannot be read or parsed is skipped and reported in the log.",
      params: null,
      result: type("null"),
      handler: () => {
        deps.files.load();
        return null;
      },
    }),
    defineMethod({
      name: "mappings.new",
      summary: "Creates a mapping; returns its id as a number. `type` is uid, text or data; the reference's newer names id (= uid) and value (= text) are accepted and listed as uid and text.",
      params: NewMappingParams,
      result: NewMappingResult,
      example: { enabled: true, type: "uid", match: "exact", pattern: "04:AA:BB", override: "SNES/Game.sfc" },
      handler: (p) => ({
        id: deps.mappings.create({ enabled: p.enabled, label: p.label ?? "", type: canonicalMappingType(p.type), match: p.match, pattern: p.pattern, override: p.override }),
      }),
    }),
    defineMethod({
      name: "mappings.update",
      summary: "Changes only the supplied keys of a mapping.",
      params: UpdateMappingParams,
      result: type("null"),
      example: { id: 1, enabled: false },
      handler: (p) => {
        const { id, type: sent, ...rest } = p;
        deps.mappings.update(dbId(id), sent === undefined ? rest : { ...rest, type: canonicalMappingType(sent) });
        return null;
      },
    }),
    defineMethod({
      name: "mappings.delete",
      summary: "Deletes a mapping.",
      params: DeleteMappingParams,
      result: type("null"),
      example: { id: 1 },
      handler: (p) => {
        deps.mappings.delete(dbId(p.id));
        return null;
      },
    }),
  ];
}

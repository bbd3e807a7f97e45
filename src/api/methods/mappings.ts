import { type } from "arktype";
import type { Mapping } from "../../core/mappings.ts";
import { DeleteMappingParams, MappingsResult, NewMappingParams, NewMappingResult, UpdateMappingParams } from "../../core/wire/mappings.ts";
import type { MappingsService } from "../../service/launch/mappings-service.ts";
import { defineMethod } from "../rpc/method.ts";

const mappingOut = (m: Mapping) => ({ ...m, id: String(m.id), label: m.label ?? "" });

/** `mappings`, `mappings.new`, `mappings.update`, `mappings.delete`. */
export function mappingsMethods(deps: { mappings: MappingsService }) {
  return [
    defineMethod({
      name: "mappings",
      summary: "Every mapping, enabled or not, ascending id (ids as digit strings).",
      params: null,
      result: MappingsResult,
      handler: () => ({ mappings: deps.mappings.all().map(mappingOut) }),
    }),
    defineMethod({
      name: "mappings.new",
      summary: "Creates a mapping; returns its id as a number.",
      params: NewMappingParams,
      result: NewMappingResult,
      example: { enabled: true, type: "uid", match: "exact", pattern: "04:AA:BB", override: "SNES/Game.sfc" },
      handler: (p) => ({
        id: deps.mappings.create({ enabled: p.enabled, label: p.label ?? "", type: p.type, match: p.match, pattern: p.pattern, override: p.override }),
      }),
    }),
    defineMethod({
      name: "mappings.update",
      summary: "Changes only the supplied keys of a mapping.",
      params: UpdateMappingParams,
      result: type("null"),
      example: { id: 1, enabled: false },
      handler: (p) => {
        const { id, ...patch } = p;
        deps.mappings.update(Number(id), patch);
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
        deps.mappings.delete(Number(p.id));
        return null;
      },
    }),
  ];
}

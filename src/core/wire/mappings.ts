import { type } from "../lazy-arktype.ts";
import { MAPPING_TYPE_NAMES, MAPPING_TYPES, MATCH_KINDS } from "../mappings.ts";

/** Mappings on the wire: `mappings`, `mappings.new`, `mappings.update`, `mappings.delete`. */

/**
 * Mapping ids: a number, or a string of digits (the list sends them so, as the reference does). The empty string
 * is the id the list gives read-only file mappings; it is accepted here only to be refused with a clear reason.
 */
export const MappingId = type("number.integer >= 1").or(type(/^\d{1,15}$/)).or("''");
const MappingTypeT = type.enumerated(...MAPPING_TYPES);
/** A type as a client sends it: also the reference's newer names `id` (= uid) and `value` (= text). */
const SentMappingTypeT = type.enumerated(...MAPPING_TYPE_NAMES);
const MatchKindT = type.enumerated(...MATCH_KINDS);

export const NewMappingParams = type({
  "+": "delete",
  enabled: "boolean",
  "label?": "string",
  type: SentMappingTypeT,
  match: MatchKindT,
  pattern: "string",
  override: "string",
});
export const UpdateMappingParams = type({
  "+": "delete",
  id: MappingId,
  "enabled?": "boolean",
  "label?": "string",
  "type?": SentMappingTypeT,
  "match?": MatchKindT,
  "pattern?": "string",
  "override?": "string",
});
export const DeleteMappingParams = type({ "+": "delete", id: MappingId });

/** `mappings`: `includeReadOnly` adds the read-only mappings of the data folder's `mappings/` files. */
export const MappingsParams = type({ "+": "delete", "includeReadOnly?": "boolean" }).or("null");
export const MappingSource = type("'database' | 'file'");

/** A mapping as listed: the id as a digit string ("" and no `added` time for file mappings, as the reference). */
export const Mapping = type({
  id: "string",
  added: "string",
  label: "string",
  enabled: "boolean",
  type: MappingTypeT,
  match: MatchKindT,
  pattern: "string",
  override: "string",
  source: MappingSource,
  readOnly: "boolean",
});
export type Mapping = typeof Mapping.infer;
export const MappingsResult = type({ mappings: Mapping.array() });
export const NewMappingResult = type({ id: "number" });

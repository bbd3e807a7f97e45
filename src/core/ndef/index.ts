export * from "./records.ts";
export * from "./tlv.ts";
export * from "./type2-tag.ts";
export * from "./content.ts";

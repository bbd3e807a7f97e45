/** Reading the stored reference vectors (gzipped JSON lines `{"input", "output"}`). */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { CanonicalTag } from "../../../src/core/tags/index.ts";

export function readVectors<I, O>(path: string): { input: I; output: O }[] {
  const text = gunzipSync(readFileSync(path)).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { input: I; output: O });
}

/** Tags as [type, value, source] triples, the harness's shape. */
export const triples = (tags: readonly CanonicalTag[]): [string, string, string][] =>
  tags.map((t) => [t.type, t.value, t.source]);

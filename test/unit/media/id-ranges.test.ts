/** The media id ranges of an index's systems: joined where they follow on, and which system holds an id. */
import { describe, expect, test } from "bun:test";
import { idRanges, spanHolding } from "../../../src/service/media/id-ranges.ts";

const span = (first: number, last: number) => ({ first, last });

describe("id ranges", () => {
  test("systems whose ids follow on are one range; gaps, order given and empty systems as they should be", () => {
    expect(idRanges([span(1, 10), span(11, 20), span(21, 21)])).toEqual([[1, 21]]);
    expect(idRanges([span(21, 30), span(1, 10)])).toEqual([[1, 10], [21, 30]]);
    expect(idRanges([span(11, 20), span(31, 40), span(1, 10)])).toEqual([[1, 20], [31, 40]]);
    expect(idRanges([span(5, 4), span(1, 3)])).toEqual([[1, 3]]);
    expect(idRanges([])).toEqual([]);
  });

  test("the system holding an id: the last one starting at or before it", () => {
    const spans = [span(1, 10), span(11, 11), span(12, 400)];
    const holding = [1, 10, 11, 12, 399, 400].map((id) => spanHolding(spans, id));
    expect(holding).toEqual([0, 0, 1, 2, 2, 2]);
  });
});

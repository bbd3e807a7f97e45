import { parseMediaName } from "../../core/media/filename-tags.ts";
import { mediaName } from "../../core/media/words.ts";
import type { DerivedChunks } from "./derived-chunks.ts";

/** A walked system's files as handed to the index thread ahead of the write (ids follow those handed before). */
export interface SystemNames {
  /** File names joined by NUL. */
  names: string;
  /** Per file: 1 when its name is taken whole (a store game's virtual folder). */
  whole: Uint8Array;
  /** Files (place in the list, ascending) the platform names, and those names. */
  namedAt: number[];
  named: string[];
}

/** What the thread hands back for them: the rows' titles and tags. */
export interface ParsedNames {
  /** Each file's title (the platform's name, else parsed from its name), joined by NUL. */
  titles: string;
  /** Each file's tag set (-1: no tags), numbered in the order of first appearance over the run. */
  tagSets: Int32Array;
  /** The texts (tags joined by spaces) of the sets first seen in this list. */
  newTexts: string[];
}

/**
 * Parses each file name of the systems handed over (titles, tags) once: for the media rows, handed back, and for
 * the derived tables, added to `chunks` in media id order (only this parser adds to them: their tag set numbers
 * are the rows' too).
 */
export class SystemNamesParser {
  /** The number the next new tag set gets (the chunks number the sets; each new one is the next). */
  private nextSet = 0;

  constructor(private readonly chunks: DerivedChunks) {}

  parse(m: SystemNames): ParsedNames {
    const names = m.names.split("\0");
    const titles = new Array<string>(names.length);
    const tagSets = new Int32Array(names.length);
    const newTexts: string[] = [];
    let k = 0;
    for (let i = 0; i < names.length; i++) {
      const file = names[i] as string;
      const whole = m.whole[i] === 1;
      const parsed = parseMediaName(mediaName(file, whole));
      const named = m.namedAt[k] === i ? (m.named[k++] as string) : undefined;
      const set = this.chunks.add(file, whole, parsed.title, named, parsed.tags);
      if (set === this.nextSet) {
        newTexts.push(parsed.tags.join(" "));
        this.nextSet++;
      }
      titles[i] = named ?? parsed.title;
      tagSets[i] = set;
    }
    return { titles: titles.join("\0"), tagSets, newTexts };
  }
}

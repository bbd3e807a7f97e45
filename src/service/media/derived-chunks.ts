import type { DerivedChunk } from "../../core/media/derived-index.ts";

/** Files per chunk handed to the builder. */
const CHUNK_FILES = 8192;
/** Tag sets remembered by identity (index tags share one array per distinct tag list); beyond, they are numbered anew. */
const MAX_KNOWN_SETS = 65_536;

/**
 * Collects the files of an index run, in media id order from 1, into the chunks the derived index builder takes
 * (core/media/derived-index.ts): `emit` gets each full chunk, and the last one at `flush`. Its texts are joined
 * by NUL when `joined()` says the chunk crosses to a thread, else kept as lists.
 */
export class DerivedChunks {
  /** Media id of the next chunk's first file. */
  private first = 1;
  private names: string[] = [];
  private titles: string[] = [];
  private readonly whole = new Uint8Array(CHUNK_FILES);
  private readonly tagSets = new Int32Array(CHUNK_FILES);
  private namedAt: number[] = [];
  private named: string[] = [];
  private newSets: string[][] = [];
  private readonly sets = new TagSetNumbers((tags) => this.newSets.push([...tags]));
  /** The builder makes the title keys (else the writer sorts the title order from its rows, and no title is kept). */
  titlesWanted = true;

  constructor(
    private readonly emit: (chunk: DerivedChunk) => void,
    private readonly joined: () => boolean,
  ) {}

  /** Adds the next file: its name, title parsed from it, platform title, tags. */
  add(file: string, whole: boolean, title: string, named: string | undefined, tags: readonly string[]): void {
    const i = this.names.length;
    this.names.push(file);
    this.whole[i] = whole ? 1 : 0;
    if (named === undefined) this.titles.push(this.titlesWanted ? title : "");
    else {
      this.titles.push("");
      this.namedAt.push(i);
      this.named.push(named);
    }
    this.tagSets[i] = this.sets.of(tags);
    if (i + 1 === CHUNK_FILES) this.flush();
  }

  /** Hands over the files collected so far (none: nothing). */
  flush(): void {
    const n = this.names.length;
    if (n === 0) return;
    const joined = this.joined();
    const chunk: DerivedChunk = {
      first: this.first,
      names: joined ? this.names.join("\0") : this.names,
      whole: this.whole.slice(0, n),
      titles: joined ? this.titles.join("\0") : this.titles,
      namedAt: this.namedAt,
      named: this.named,
      tagSets: this.tagSets.slice(0, n),
      newSets: this.newSets,
    };
    this.first += n;
    this.names = [];
    this.titles = [];
    this.namedAt = [];
    this.named = [];
    this.newSets = [];
    this.emit(chunk);
  }
}

/**
 * Numbers the tag sets of a run's files in order of first appearance, remembering them by identity (index tags
 * share one array per distinct tag list; beyond MAX_KNOWN_SETS they are numbered anew); `first` gets each new one.
 */
export class TagSetNumbers {
  private readonly known = new Map<readonly string[], number>();
  private next = 0;

  constructor(private readonly first: (tags: readonly string[]) => void) {}

  /** The set's number, -1 for no tags. */
  of(tags: readonly string[]): number {
    if (tags.length === 0) return -1;
    let set = this.known.get(tags);
    if (set === undefined) {
      if (this.known.size >= MAX_KNOWN_SETS) this.known.clear();
      set = this.next++;
      this.known.set(tags, set);
      this.first(tags);
    }
    return set;
  }
}

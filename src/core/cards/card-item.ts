/**
 * One game on a card: what a label shows and what a tag written for it holds. A card set is an ordered list of
 * these (the same game may appear more than once); label rendering and the write queue both take them.
 */
export interface CardItem {
  /** The media file as the library's results name it: `<SystemId>/<path>` (media look-ups also take it absolute). */
  readonly path: string;
  /** The reference's system id (e.g. "SNES"). */
  readonly systemId: string;
  /** The system's display name (e.g. "Super Nintendo"). */
  readonly systemName: string;
  /** The clean title the library shows. */
  readonly title: string;
  /** Region/language/other tag chips a label may show, as `type:value`. */
  readonly tags: readonly string[];
  /** The text written to the tag: `@System/Title` or the path, as the user chose for the set. */
  readonly script: string;
}

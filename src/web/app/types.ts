/**
 * The shapes the page reads from the public API: the wire schemas' own types (src/core/wire/), imported as types
 * only, so no schema code reaches the bundle.
 */
export type {
  ActiveMedia,
  BrowseEntry,
  CardQueueChanged,
  CardQueueStatus,
  CardSet,
  CardSetItem,
  CardSetResult,
  CardSource,
  ScriptKind,
  BrowseIndexGroup,
  MediaMeta,
  TagInfo,
  HistoryEntry,
  InboxMessage,
  IndexingStatus as IndexStatus,
  Mapping,
  MediaItem as MediaResult,
  PlaytimeLimits,
  PlaytimeStatus,
  Profile,
  ActiveProfile,
  ReaderInfo as Reader,
  SystemEntry,
  Token,
  ScanTrace,
  UiAction,
  UiEvent,
  UiState,
} from "../../core/wire/index.ts";

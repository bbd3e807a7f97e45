import { type, type Type } from "arktype";
import type { NotificationName } from "./notifications.ts";

/**
 * The params of every notification the service sends, as schemas: the source of the API description and
 * of contract tests. Shapes follow what the reference's clients read (../shared/notes/).
 */
export const TokenSchema = type({
  type: "string",
  uid: "string",
  text: "string",
  data: "string",
  scanTime: "string",
  "readerId?": "string",
});

export const IndexingStatusSchema = type({
  exists: "boolean",
  indexing: "boolean",
  optimizing: "boolean",
  "totalSteps?": "number",
  "currentStep?": "number",
  "currentStepDisplay?": "string",
  "totalFiles?": "number",
  "totalMedia?": "number",
});

export const ReaderEventSchema = type({ connected: "boolean", driver: "string", path: "string" });

export const MediaStartedSchema = type({
  systemId: "string",
  systemName: "string",
  mediaPath: "string",
  mediaName: "string",
  "slot?": "'primary' | 'background'",
});

export const MediaStoppedSchema = MediaStartedSchema.and({ launcherId: "string", elapsed: "number" });

export const LaunchingSchema = type({ type: "string", uid: "string", text: "string", data: "string" });

export const notificationDocs: Record<NotificationName, { summary: string; params: Type<unknown> | null }> = {
  launching: { summary: "Script text entered the launch queue (after mappings were applied).", params: LaunchingSchema },
  "readers.added": { summary: "A reader was connected.", params: ReaderEventSchema },
  "readers.removed": { summary: "A connected reader was disconnected.", params: ReaderEventSchema },
  "tokens.added": { summary: "A reader detected a new token.", params: TokenSchema },
  "tokens.removed": { summary: "A token was removed from its reader.", params: null },
  "media.started": { summary: "Media was started.", params: MediaStartedSchema },
  "media.stopped": { summary: "Media stopped.", params: MediaStoppedSchema },
  "media.indexing": { summary: "The state of media indexing changed (progress while it runs).", params: IndexingStatusSchema },
};

import { type } from "../lazy-arktype.ts";

/** The inbox on the wire: `inbox`, `inbox.delete`, `inbox.clear`, and the `inbox.added` notification. */

/** 0 info, 1 warning, 2 error (the phone app's InboxSeverity). */
export const INBOX_SEVERITY = { info: 0, warning: 1, error: 2 } as const;
export type InboxSeverity = (typeof INBOX_SEVERITY)[keyof typeof INBOX_SEVERITY];

export const InboxMessage = type({
  id: "number.integer >= 1",
  title: "string > 0",
  "body?": "string",
  severity: "0 | 1 | 2",
  /** Messages of one category replace each other (one entry per kind of problem, refreshed). */
  "category?": "string",
  "profileId?": "number.integer >= 1",
  /** RFC 3339. */
  createdAt: "string",
});
export type InboxMessage = typeof InboxMessage.infer;

/** Newest first. */
export const InboxResult = type({ messages: InboxMessage.array() });
export type InboxResult = typeof InboxResult.infer;
export const DeleteInboxParams = type({ "+": "delete", id: "number.integer >= 1" });

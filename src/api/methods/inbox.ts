import { type } from "../../core/lazy-arktype.ts";
import { DeleteInboxParams, InboxResult } from "../../core/wire/inbox.ts";
import type { InboxService } from "../../service/inbox/inbox-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `inbox`, `inbox.delete`, `inbox.clear`: messages the service left for the owner. */
export function inboxMethods(deps: { inbox: InboxService }) {
  return [
    defineMethod({
      name: "inbox",
      summary: "The inbox: messages about problems the service found (newest first, at most 100).",
      params: null,
      result: InboxResult,
      handler: () => ({ messages: deps.inbox.list() }),
    }),
    defineMethod({
      name: "inbox.delete",
      summary: "Deletes one inbox message (1001 when there is none with that id).",
      params: DeleteInboxParams,
      result: type("null"),
      example: { id: 1 },
      handler: (p) => {
        deps.inbox.delete(p.id);
        return null;
      },
    }),
    defineMethod({
      name: "inbox.clear",
      summary: "Deletes every inbox message.",
      params: null,
      result: type("null"),
      handler: () => {
        deps.inbox.clear();
        return null;
      },
    }),
  ];
}

import { type } from "../../core/lazy-arktype.ts";
import { ClientsCurrent, ClientsResult, DeleteClientParams, NewClient, NewClientParams } from "../../core/wire/clients.ts";
import type { ClientsService } from "../../service/clients/clients-service.ts";
import { callerIsAdmin, defineMethod } from "../rpc/method.ts";

/** Client management: `clients`, `clients.new`, `clients.delete` (device only) and `clients.current` (anyone). */
export function clientsMethods(deps: { clients: ClientsService }) {
  return [
    defineMethod({
      name: "clients.current",
      summary: "This connection's paired role (null when it is not a paired client) and its capabilities (profiles.manage, settings.write for admins and the device itself).",
      params: null,
      result: ClientsCurrent,
      handler: (_p, caller): ClientsCurrent => {
        const paired = caller.clientId !== undefined;
        return {
          paired,
          role: paired ? (caller.role ?? "member") : null,
          capabilities: callerIsAdmin(caller) ? ["profiles.manage", "settings.write"] : [],
        };
      },
    }),
    defineMethod({
      name: "clients",
      summary: "List registered clients with their secrets (device-local only).",
      params: null,
      result: ClientsResult,
      localOnly: true,
      handler: () => ({
        clients: deps.clients.list().map((c) => (c.address ? { id: c.id, name: c.name, address: c.address, secret: c.secret } : { id: c.id, name: c.name, secret: c.secret })),
      }),
    }),
    defineMethod({
      name: "clients.new",
      summary: "Create a client: a new UUID and a 32-byte secret (hex) for the secure layer (device-local only).",
      params: NewClientParams,
      result: NewClient,
      localOnly: true,
      example: { name: "Living-room phone" },
      handler: (p) => {
        const c = deps.clients.create(p.name ?? "");
        return { id: c.id, name: c.name, secret: c.secret };
      },
    }),
    defineMethod({
      name: "clients.delete",
      summary: "Delete a client and close its live sessions (device-local only).",
      params: DeleteClientParams,
      result: type("null"),
      localOnly: true,
      example: { id: "550e8400-e29b-41d4-a716-446655440000" },
      handler: (p) => {
        deps.clients.delete(p.id);
        return null;
      },
    }),
  ];
}

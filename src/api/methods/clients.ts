import { type } from "arktype";
import type { ClientsRepository } from "../../db/clients.ts";
import { failed, notFound } from "../rpc/errors.ts";
import { defineMethod } from "../rpc/method.ts";

export const MAX_CLIENTS = 50;
export const MAX_CLIENT_NAME = 128;

const Client = type({ id: "string", name: "string", secret: "string", "address?": "string" });
const NewClient = type({ id: "string", name: "string", secret: "string" });

export interface ClientsMethodDeps {
  repo: ClientsRepository;
  /** Ends what a deleted client still holds: live sessions, its salt window. */
  deleted(id: string): void;
}

/** Client management: `clients`, `clients.new`, `clients.delete`, all from the device itself only. */
export function clientsMethods(deps: ClientsMethodDeps) {
  return [
    defineMethod({
      name: "clients",
      summary: "List registered clients with their secrets (device-local only).",
      params: null,
      result: type({ clients: Client.array() }),
      localOnly: true,
      handler: () => ({
        clients: deps.repo.list().map((c) => (c.address ? { id: c.id, name: c.name, address: c.address, secret: c.secret } : { id: c.id, name: c.name, secret: c.secret })),
      }),
    }),
    defineMethod({
      name: "clients.new",
      summary: "Create a client: a new UUID and a 32-byte secret (hex) for the secure layer (device-local only).",
      params: type({ "+": "delete", "name?": `string <= ${MAX_CLIENT_NAME}` }),
      result: NewClient,
      localOnly: true,
      example: { name: "Living-room phone" },
      handler: (p) => {
        if (deps.repo.count() >= MAX_CLIENTS) throw failed(`too many clients (limit ${MAX_CLIENTS}); delete one first`);
        const c = deps.repo.create(p.name ?? "");
        return { id: c.id, name: c.name, secret: c.secret };
      },
    }),
    defineMethod({
      name: "clients.delete",
      summary: "Delete a client and close its live sessions (device-local only).",
      params: type({ "+": "delete", id: "string > 0" }),
      result: type("null"),
      localOnly: true,
      example: { id: "550e8400-e29b-41d4-a716-446655440000" },
      handler: (p) => {
        if (!deps.repo.delete(p.id)) throw notFound("client");
        deps.deleted(p.id);
        return null;
      },
    }),
  ];
}

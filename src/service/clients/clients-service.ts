import { DomainError } from "../../core/errors.ts";
import { type ClientRecord, ClientsRepository } from "../../db/clients.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** Most registered clients; pairing and `clients.new` refuse more. */
export const MAX_CLIENTS = 50;

type DeletedListener = (id: string) => void;

/**
 * Registered remote clients (phones, browsers): each a UUID and a 32-byte secret that keys the secure layer.
 * Deleting one tells the listeners (the API ends its live sessions and forgets its replay window).
 */
export class ClientsService {
  readonly repo: ClientsRepository;
  private readonly deletedListeners = new Set<DeletedListener>();

  constructor(db: SqlDatabase) {
    this.repo = new ClientsRepository(db);
  }

  list(): ClientRecord[] {
    return this.repo.list();
  }

  create(name: string): ClientRecord {
    if (this.repo.count() >= MAX_CLIENTS) throw new DomainError("failed", `too many clients (limit ${MAX_CLIENTS}); delete one first`);
    return this.repo.create(name);
  }

  delete(id: string): void {
    if (!this.repo.delete(id)) throw new DomainError("not-found", "client not found");
    for (const listener of this.deletedListeners) listener(id);
  }

  onDeleted(listener: DeletedListener): () => void {
    this.deletedListeners.add(listener);
    return () => this.deletedListeners.delete(listener);
  }
}

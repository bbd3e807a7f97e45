import { type ClientRole, isClientRole } from "../core/client-role.ts";
import type { SqlDatabase } from "../runtime/types.ts";

/** A registered remote client: its id and 32-byte secret (hex) key the secure layer. */
export interface ClientRecord {
  id: string;
  name: string;
  secret: string;
  /** Last remote address a session came from ('' until the first session). */
  address: string;
  created: string;
  /** What the client may do (src/core/client-role.ts); PIN-paired and `clients.new` clients are admins. */
  role: ClientRole;
}

export const CLIENT_SECRET_BYTES = 32;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The `clients` table of the user database. */
export class ClientsRepository {
  constructor(private readonly db: SqlDatabase) {}

  list(): ClientRecord[] {
    return this.db.prepare("SELECT id, name, secret, address, created, role FROM clients ORDER BY created, id").all<ClientRecord>();
  }

  get(id: string): ClientRecord | undefined {
    return this.db.prepare("SELECT id, name, secret, address, created, role FROM clients WHERE id = ?").get<ClientRecord>(id);
  }

  count(): number {
    return this.db.prepare("SELECT count(*) AS n FROM clients").get<{ n: number }>()?.n ?? 0;
  }

  /** Creates a client with a random UUID and a 32-byte secret from the CSPRNG. */
  create(name: string, role: ClientRole = "admin"): ClientRecord {
    const secretBytes = crypto.getRandomValues(new Uint8Array(CLIENT_SECRET_BYTES));
    const record: ClientRecord = {
      id: crypto.randomUUID(),
      name,
      secret: toHex(secretBytes),
      address: "",
      created: new Date().toISOString(),
      role,
    };
    secretBytes.fill(0);
    return this.insert(record);
  }

  /** Registers a client paired by PIN: the secret is the pairing key both sides derived (32 bytes, hex). */
  createPaired(name: string, secretHex: string, role: ClientRole = "admin"): ClientRecord {
    if (!/^[0-9a-f]{64}$/i.test(secretHex)) throw new Error("a paired client's secret must be 32 bytes of hex");
    return this.insert({ id: crypto.randomUUID(), name, secret: secretHex.toLowerCase(), address: "", created: new Date().toISOString(), role });
  }

  private insert(record: ClientRecord): ClientRecord {
    this.db
      .prepare("INSERT INTO clients (id, name, secret, address, created, role) VALUES (?, ?, ?, ?, ?, ?)")
      .run(record.id, record.name, record.secret, record.address, record.created, record.role);
    return record;
  }

  /** The client's role; undefined when the client does not exist (or holds a role this version does not know). */
  role(id: string): ClientRole | undefined {
    const role = this.db.prepare("SELECT role FROM clients WHERE id = ?").get<{ role: string }>(id)?.role;
    return isClientRole(role) ? role : undefined;
  }

  delete(id: string): boolean {
    return this.db.prepare("DELETE FROM clients WHERE id = ?").run(id).changes > 0;
  }

  recordAddress(id: string, address: string): void {
    this.db.prepare("UPDATE clients SET address = ? WHERE id = ? AND address <> ?").run(address, id, address);
  }

  /** The client's key as bytes, or null when the client does not exist or its secret is not 32 bytes of hex. */
  key(id: string): Uint8Array | null {
    const row = this.db.prepare("SELECT secret FROM clients WHERE id = ?").get<{ secret: string }>(id);
    if (!row || !/^[0-9a-f]{64}$/i.test(row.secret)) return null;
    return Uint8Array.from(row.secret.match(/../g)!, (h) => Number.parseInt(h, 16));
  }
}

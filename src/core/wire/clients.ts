import { type } from "../lazy-arktype.ts";

/** Registered clients and PIN pairing on the wire: `clients*`, `clients.pair.*`, `POST /api/pair/*`. */

export const MAX_CLIENT_NAME = 128;

export const Client = type({ id: "string", name: "string", secret: "string", "address?": "string" });
export type Client = typeof Client.infer;
export const ClientsResult = type({ clients: Client.array() });
export const NewClientParams = type({ "+": "delete", "name?": `string <= ${MAX_CLIENT_NAME}` });
export const NewClient = type({ id: "string", name: "string", secret: "string" });
/** `clients.current`: this connection's paired role and what it may do (the app asks on every connect). */
export const ClientCapability = type("'profiles.manage' | 'settings.write'");
export const ClientsCurrent = type({ paired: "boolean", role: "'admin' | 'member' | null", capabilities: ClientCapability.array() });
export type ClientsCurrent = typeof ClientsCurrent.infer;
export const DeleteClientParams = type({ "+": "delete", id: "string > 0" });

export const PairingWindow = type({ pin: "string", expiresAt: "string" });
export type PairingWindow = typeof PairingWindow.infer;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const Base64 = type("string <= 8192").narrow((s, ctx) => (s.length % 4 === 0 && BASE64.test(s)) || ctx.mustBe("base64"));
/** Body of `POST /api/pair/start`. */
export const PairStartBody = type({ "+": "delete", pake: Base64, "name?": "string" });
/** Body of `POST /api/pair/finish`. */
export const PairFinishBody = type({ "+": "delete", session: "string <= 128", confirm: Base64 });

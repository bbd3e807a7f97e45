/**
 * What a registered client may do. Every client is an admin today (PIN-paired and `clients.new` ones alike);
 * member profiles (issue 21) will be the restricted kind. Settings that name files, devices or programs may be
 * changed only from the device itself or by an admin client.
 */
export const CLIENT_ROLES = ["admin", "member"] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

export const isClientRole = (value: unknown): value is ClientRole => (CLIENT_ROLES as readonly unknown[]).includes(value);

import { constants } from "node:os";

/** The symbolic name of an errno value read after a libc call (`EACCES`), or `errno N` for one Node does not name. */
export const errnoName = (n: number): string => Object.entries(constants.errno).find(([, v]) => v === n)?.[0] ?? `errno ${n}`;

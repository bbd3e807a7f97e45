/**
 * How large a token may be wherever it enters (readers, `launch`/`run`, `GET /l/`, MQTT): text and uid at most
 * 8 KiB of UTF-8, data at most 8 KiB of bytes (16 KiB of hex). A larger token is refused with a reason, never
 * cut short into a launch. Pure.
 */
export const MAX_TOKEN_CHARS = 8192;

const utf8Length = (s: string) => (s.length * 3 <= MAX_TOKEN_CHARS ? s.length : new TextEncoder().encode(s).length);

/** Why the token is too large, or null. */
export function tokenSizeProblem(t: { uid: string; text: string; data: string }): string | null {
  const over: string[] = [];
  if (utf8Length(t.text) > MAX_TOKEN_CHARS) over.push(`text is ${utf8Length(t.text)} bytes`);
  if (utf8Length(t.uid) > MAX_TOKEN_CHARS) over.push(`uid is ${utf8Length(t.uid)} bytes`);
  if (t.data.length > MAX_TOKEN_CHARS * 2) over.push(`data is ${Math.ceil(t.data.length / 2)} bytes`);
  return over.length ? `token too large: ${over.join(", ")} (at most ${MAX_TOKEN_CHARS} each)` : null;
}

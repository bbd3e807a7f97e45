/**
 * Secrets out of trace text: URLs lose their credentials (`user:pass@`), query strings and fragments, which is
 * where tokens and keys travel. Pure string work; applied to every free text a trace keeps.
 */

const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*):\/\/([^\s"'<>,]*)/gi;

export function scrubUrl(scheme: string, rest: string): string {
  let r = rest;
  const slash = r.search(/[/?#]/);
  const authority = slash < 0 ? r : r.slice(0, slash);
  const at = authority.lastIndexOf("@");
  if (at >= 0) r = `***@${r.slice(at + 1)}`;
  const q = r.search(/[?#]/);
  if (q >= 0) r = `${r.slice(0, q)}?…`;
  return `${scheme}://${r}`;
}

/** Every URL in `text` with its credentials, query and fragment removed. */
export function scrubSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, (_m, scheme: string, rest: string) => scrubUrl(scheme, rest));
}

/** At most `max` characters, with "…" when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

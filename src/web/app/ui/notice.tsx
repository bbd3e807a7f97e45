/** A result line: errors are announced at once (alert), other news politely (status). Space is kept. */
export function Notice({ error, message }: { error?: string | undefined; message?: string | undefined }) {
  if (error) return <p class="notice error" role="alert">{error}</p>;
  return <p class="notice" role="status">{message ?? ""}</p>;
}

/**
 * 60,003: thousands grouped without Intl (its first use loads locale data, a visible pause on a slow phone
 * while the first search result is due). The page's words are English, so are its numbers.
 */
export function count(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The screens and their paths under /app/. */
export const SCREENS = [
  { path: "", title: "Home" },
  { path: "search", title: "Search" },
  { path: "library", title: "Library" },
  { path: "mappings", title: "Mappings" },
  { path: "history", title: "History" },
  { path: "profiles", title: "Profiles" },
  { path: "playtime", title: "Playtime" },
  { path: "write", title: "Write" },
  { path: "remote", title: "Remote" },
  { path: "settings", title: "Settings" },
] as const;

/**
 * Screens outside the navigation: pairing, the inbox (reached from its badge in the header), the card sets (from
 * Write: the navigation holds two rows of five on a phone), their write queue and a set's labels (`labels?set=<id>`),
 * both from Cards.
 */
export type ScreenPath = (typeof SCREENS)[number]["path"] | "pair" | "inbox" | "cards" | "queue" | "labels";

export function screenOf(pathname: string): ScreenPath {
  const rest = pathname.replace(/^\/app\/?/, "").replace(/\/$/, "");
  if (rest === "pair" || rest === "inbox" || rest === "cards" || rest === "queue" || rest === "labels") return rest;
  return SCREENS.find((s) => s.path === rest)?.path ?? "";
}

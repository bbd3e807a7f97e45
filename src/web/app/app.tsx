import { useEffect, useRef, useState } from "preact/hooks";
import { type AppContext, Ctx, useConnState, useLive } from "./hooks.ts";
import { Live } from "./live.ts";
import { Connection } from "./rpc/connection.ts";
import { loadCredentials } from "./rpc/credentials.ts";
import { needsSecureLayer, socketUrl } from "./rpc/mode.ts";
import { SCREENS, type ScreenPath, screenOf } from "./routes.ts";
import { Home } from "./screens/home.tsx";
import { History } from "./screens/history.tsx";
import { Inbox } from "./screens/inbox.tsx";
import { Library } from "./screens/library.tsx";
import { Mappings } from "./screens/mappings.tsx";
import { Pair } from "./screens/pair.tsx";
import { Playtime } from "./screens/playtime.tsx";
import { Profiles } from "./screens/profiles.tsx";
import { Remote } from "./screens/remote.tsx";
import { Search } from "./screens/search.tsx";
import { Settings } from "./screens/settings.tsx";
import { Write } from "./screens/write.tsx";
import { Cards } from "./screens/cards.tsx";
import { Queue } from "./screens/queue.tsx";
import { CardsLabels } from "./screens/cards-labels.tsx";
import { UiEventPanel } from "./ui/ui-event.tsx";

const VIEWS: Record<ScreenPath, () => preact.JSX.Element> = {
  "": Home,
  search: Search,
  library: Library,
  mappings: Mappings,
  history: History,
  profiles: Profiles,
  playtime: Playtime,
  write: Write,
  cards: Cards,
  queue: Queue,
  labels: CardsLabels,
  remote: Remote,
  settings: Settings,
  pair: Pair,
  inbox: Inbox,
};

/** The inbox link with the number of messages waiting (hidden while there are none). */
function InboxBadge({ current, go }: { current: boolean; go(path: string): void }) {
  const n = useLive().inbox.length;
  if (n === 0 && !current) return null;
  return (
    <a
      href="/app/inbox"
      class="inbox-link"
      data-testid="inbox-badge"
      aria-current={current ? "page" : undefined}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        go("inbox");
      }}
    >
      Inbox <span class="badge">{n}</span>
      <span class="visually-hidden">{n === 1 ? " message" : " messages"}</span>
    </a>
  );
}

function Banner() {
  const s = useConnState();
  if (s.kind === "offline") {
    return (
      <p class="banner" role="alert">
        The device is not reachable. Reconnecting…
      </p>
    );
  }
  return null;
}

/** The page's connection and shared state, started before the first render so the socket opens meanwhile. */
export function connect(): Omit<AppContext, "navigate"> {
  const secure = needsSecureLayer(location);
  const conn = new Connection(socketUrl(location), secure, () => loadCredentials());
  const live = new Live(conn);
  live.start();
  conn.start();
  return { conn, live, local: !secure && location.protocol !== "https:" };
}

export function App({ ctx }: { ctx: Omit<AppContext, "navigate"> }) {
  const [screen, setScreen] = useState<ScreenPath>(screenOf(location.pathname));
  // an unpaired remote browser can do nothing but pair: the other screens stay out of reach until then
  const [unpaired, setUnpaired] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = (path: string) => {
    history.pushState(null, "", `/app/${path}`);
    setScreen(screenOf(location.pathname));
  };
  useEffect(() => {
    const onPop = () => setScreen(screenOf(location.pathname));
    addEventListener("popstate", onPop);
    const off = ctx.conn.onState((s) => {
      setUnpaired(s.kind === "pair");
      if (s.kind === "pair") setScreen("pair");
    });
    if (ctx.conn.state.kind === "pair") {
      setUnpaired(true);
      setScreen("pair");
    }
    return () => {
      off();
      removeEventListener("popstate", onPop);
      ctx.conn.stop();
    };
  }, [ctx]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus(); // move focus to the new screen's heading for keyboard and reader users
    document.title = `${title(screen)} · tapserve`;
  }, [screen]);
  const View = VIEWS[screen];
  return (
    <Ctx.Provider value={{ ...ctx, navigate }}>
      <header>
        <div class="bar">
          <span class="brand">tapserve</span>
          {!unpaired && <InboxBadge current={screen === "inbox"} go={navigate} />}
        </div>
        <Banner />
        {!unpaired && <UiEventPanel />}
      </header>
      <main id="main">
        <h1 tabIndex={-1} ref={heading}>
          {title(screen)}
        </h1>
        <View />
      </main>
      <nav aria-label="Screens" hidden={unpaired}>
        <ul>
          {SCREENS.map((s) => (
            <li key={s.path}>
              <a
                href={`/app/${s.path}`}
                aria-current={screen === s.path ? "page" : undefined}
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
                  e.preventDefault();
                  navigate(s.path);
                }}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </Ctx.Provider>
  );
}

function title(screen: ScreenPath): string {
  if (screen === "inbox") return "Inbox";
  if (screen === "cards") return "Cards";
  if (screen === "queue") return "Write queue";
  if (screen === "labels") return "Labels";
  return screen === "pair" ? "Pair this browser" : (SCREENS.find((s) => s.path === screen)?.title ?? "Home");
}

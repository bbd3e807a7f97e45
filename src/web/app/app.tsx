import { useEffect, useState } from "preact/hooks";

/** Placeholder shell; the screens are built on top of it. */
export function App() {
  const [version, setVersion] = useState<string>("…");
  useEffect(() => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/`);
    ws.onopen = () => ws.send(JSON.stringify({ jsonrpc: "2.0", id: "v", method: "version" }));
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data));
      if (msg.id === "v" && msg.result) setVersion(`${msg.result.version} on ${msg.result.platform}`);
    };
    return () => ws.close();
  }, []);
  return (
    <main>
      <h1>tapserve</h1>
      <p data-testid="version">{version}</p>
    </main>
  );
}

/**
 * The bare WebSocket server the baselines share: one Bun.serve on 127.0.0.1, every frame answered by
 * `answer(frame)`, "ok" to plain HTTP. Prints "ready" once listening; stops on SIGTERM with exit 0, as the
 * service does (so a compiled run writes its bytecode order: build/release/bytecode-order.ts).
 */
export function serveBare(port: number, answer: (frame: string) => string): void {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port,
    fetch(req, server) {
      if (server.upgrade(req)) return undefined;
      return new Response("ok");
    },
    websocket: {
      message(ws, message) {
        ws.send(answer(String(message)));
      },
    },
  });
  process.stdout.write("ready\n");
  process.on("SIGTERM", () => {
    void server.stop(true);
    process.exit(0);
  });
}

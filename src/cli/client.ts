/**
 * A minimal JSON-RPC WebSocket client for the CLI commands that talk to a running service. Uses the global
 * WebSocket (Bun, Node ≥ 22), so it runs on both runtimes.
 */
export interface CallFailure {
  code: number;
  message: string;
}

export class ServiceClient {
  private nextId = 1;
  private readonly pending = new Map<string, (msg: { result?: unknown; error?: CallFailure }) => void>();
  private readonly noteListeners = new Set<(method: string, params: unknown) => void>();
  private closedListeners = new Set<() => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => this.onFrame(String(e.data)));
    ws.addEventListener("close", () => {
      for (const [, resolve] of this.pending) resolve({ error: { code: -1, message: "connection closed" } });
      this.pending.clear();
      for (const l of this.closedListeners) l();
    });
  }

  static connect(url: string, timeoutMs = 5000): Promise<ServiceClient> {
    return new Promise((resolve, reject) => {
      let ws: WebSocket;
      try {
        ws = new WebSocket(url);
      } catch (err) {
        reject(new Error(`invalid service URL ${url}: ${(err as Error).message}`));
        return;
      }
      const timer = setTimeout(() => {
        ws.close();
        reject(new Error(`cannot reach the service at ${url} (timed out)`));
      }, timeoutMs);
      ws.addEventListener("open", () => {
        clearTimeout(timer);
        resolve(new ServiceClient(ws));
      });
      ws.addEventListener("error", () => {
        clearTimeout(timer);
        reject(new Error(`cannot reach the service at ${url} (is it running?)`));
      });
    });
  }

  private onFrame(text: string): void {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof msg.method === "string" && (msg.id === undefined || msg.id === null)) {
      for (const l of this.noteListeners) l(msg.method, msg.params);
      return;
    }
    const resolve = this.pending.get(String(msg.id));
    if (resolve) {
      this.pending.delete(String(msg.id));
      resolve(msg as { result?: unknown; error?: CallFailure });
    } else if (msg.error && (msg.id === null || msg.id === undefined)) {
      // a protocol error answering nothing in particular: fail every pending call with it
      for (const [, r] of this.pending) r({ error: msg.error as CallFailure });
      this.pending.clear();
    }
  }

  call(method: string, params?: unknown): Promise<{ result?: unknown; error?: CallFailure }> {
    const id = `cli-${this.nextId++}`;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      const msg: Record<string, unknown> = { jsonrpc: "2.0", id, method };
      if (params !== undefined) msg.params = params;
      this.ws.send(JSON.stringify(msg));
    });
  }

  onNotification(listener: (method: string, params: unknown) => void): void {
    this.noteListeners.add(listener);
  }

  onClose(listener: () => void): void {
    this.closedListeners.add(listener);
  }

  close(): void {
    this.ws.close();
  }
}

/** Where the CLI finds the running service: --url, else loopback on --port / TAPSERVE_PORT / 7497. */
export function serviceUrl(cmd: { url?: string; port?: number }): string {
  if (cmd.url) return cmd.url;
  return `ws://127.0.0.1:${cmd.port ?? 7497}/`;
}

/** Exit code of a command that could not reach the service. */
export const EXIT_UNREACHABLE = 3;

/** Connects a command to the running service; when it cannot, says why on stderr and resolves null. */
export async function connectCommand(cmd: { url?: string; port?: number }): Promise<ServiceClient | null> {
  try {
    return await ServiceClient.connect(serviceUrl(cmd));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return null;
  }
}

/** Prints a method's error the way every command does; returns the exit code for it (1). */
export function reportCallFailure(error: CallFailure): number {
  process.stderr.write(`${error.message} (code ${error.code})\n`);
  return 1;
}

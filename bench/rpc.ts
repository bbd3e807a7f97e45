import { join } from "node:path";
import { freePort, httpOk, ROOT, startChild, stopChild, tempDir } from "./lib.ts";

/**
 * Issue 2: pipelined `version` calls per second on one WebSocket connection, against a bare Bun WebSocket
 * echo server answering frames of the same size, both as separate processes in the same run.
 */
const TOTAL = 40_000;
const WINDOW = 256;

async function measure(url: string, frame: (i: number) => string): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  // warm up
  await pump(ws, 2000, frame);
  const t0 = performance.now();
  await pump(ws, TOTAL, frame);
  const seconds = (performance.now() - t0) / 1000;
  ws.close();
  return TOTAL / seconds;
}

function pump(ws: WebSocket, total: number, frame: (i: number) => string): Promise<void> {
  return new Promise((resolve) => {
    let sent = 0;
    let received = 0;
    ws.onmessage = () => {
      received++;
      if (received === total) resolve();
      else if (sent < total) ws.send(frame(sent++));
    };
    while (sent < Math.min(WINDOW, total)) ws.send(frame(sent++));
  });
}

export async function run(): Promise<Record<string, number | string>> {
  const bun = process.execPath;
  const svcPort = await freePort();
  const svc = await startChild(bun, [join(ROOT, "src/main.ts"), "--data-dir", tempDir(), "--port", String(svcPort), "--host", "127.0.0.1"], () =>
    httpOk(`http://127.0.0.1:${svcPort}/health`),
  );
  const request = (i: number) => `{"jsonrpc":"2.0","id":"${String(i).padStart(8, "0")}","method":"version"}`;
  // one real answer, to size the baseline's reply like the service's
  const sample = await new Promise<string>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${svcPort}/`);
    ws.onopen = () => ws.send(request(0));
    ws.onmessage = (e) => {
      resolve(String(e.data));
      ws.close();
    };
  });
  const echoPort = await freePort();
  const echo = await startChild(bun, [join(ROOT, "bench/echo-server.ts"), String(echoPort), sample], () => httpOk(`http://127.0.0.1:${echoPort}/`));
  try {
    const baseline = await measure(`ws://127.0.0.1:${echoPort}/`, request);
    const service = await measure(`ws://127.0.0.1:${svcPort}/`, request);
    return {
      "frames (request / reply bytes)": `${request(0).length} / ${sample.length}`,
      "bare Bun echo, frames/s": Math.round(baseline),
      "service version calls/s (pipelined, 1 conn)": Math.round(service),
      "ratio service / echo (goal >= 0.8)": service / baseline,
    };
  } finally {
    await stopChild(svc);
    await stopChild(echo);
  }
}

import { createContext } from "preact";
import { useCallback, useContext, useEffect, useState } from "preact/hooks";
import type { Live, LiveState } from "./live.ts";
import type { Connection, ConnState } from "./rpc/connection.ts";
import { errorText } from "./rpc/errors.ts";

export interface AppContext {
  conn: Connection;
  live: Live;
  /** True when the page runs on the device itself (device-only methods work). */
  local: boolean;
  navigate(path: string): void;
}

export const Ctx = createContext<AppContext>(null as unknown as AppContext);
export const useApp = () => useContext(Ctx);

export function useLive(): LiveState {
  const { live } = useApp();
  const [, bump] = useState(0);
  useEffect(() => live.subscribe(() => bump((n) => n + 1)), [live]);
  return live.state;
}

export function useConnState(): ConnState {
  const { conn } = useApp();
  const [s, set] = useState(conn.state);
  useEffect(() => conn.onState(set), [conn]);
  return s;
}

export function useNotification(method: string, fn: (params: unknown) => void): void {
  const { conn } = useApp();
  useEffect(() => conn.on(method, fn), [conn, method, fn]);
}

/** Calls a method now and whenever the socket (re)opens; `reload` calls it again. */
export function useRpc<T>(method: string, params?: unknown): { data?: T; error?: string; reload(): void } {
  const { conn } = useApp();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const key = JSON.stringify(params ?? null);
  const reload = useCallback(() => {
    conn.call<T>(method, params).then(
      (d) => {
        setData(d);
        setError(undefined);
      },
      (e) => setError(errorText(e)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conn, method, key]);
  useEffect(() => {
    // a call made while connecting is queued and sent on open: that open needs no second call
    let queued = conn.state.kind === "connecting";
    if (queued || conn.state.kind === "open") reload();
    return conn.onState((s) => {
      if (s.kind === "offline" || s.kind === "pair") queued = false; // the queued call failed with the socket
      if (s.kind !== "open") return;
      if (queued) queued = false;
      else reload();
    });
  }, [conn, reload]);
  return { data, error, reload };
}

/** Runs an action; `busy` while it runs, `message`/`error` as sentences afterwards. */
export function useAction(): { busy: boolean; message?: string; error?: string; seq: number; run(fn: () => Promise<string | undefined>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [seq, setSeq] = useState(0);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const run = useCallback(async (fn: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      setMessage(await fn());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      setSeq((n) => n + 1);
    }
  }, []);
  return { busy, message, error, seq, run };
}

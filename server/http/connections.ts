/**
 * The HTTP server's connections, for a shutdown that drops nothing (docs/operations.md).
 *
 * Node's own `server.close()` also closes every connection it thinks idle — including one that was
 * just accepted and whose request is still unread in the socket buffer, which the client then sees
 * reset. Closing an idle kept-alive connection is a race of its own: the proxy in front (nginx) may
 * be writing a request into it at that very moment, and a POST lost that way is never retried
 * (issue 24: 2–3 failed POSTs per rolling restart). So shutdown stops listening with the plain net
 * close and closes no connection itself while it can wait: a request still running is answered
 * with `Connection: close` when its headers are not out yet (and every request from then on says
 * so: server/app.ts), a kept-alive connection that waits is left to the client, which closes idle
 * connections first (nginx's upstream `keepalive_timeout` is shorter than the server's
 * `keepAliveTimeout`), or to that timeout; a new connection gets a moment to send its request, and
 * is closed if it stays silent.
 */
import fs from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import net from "node:net";

type State = { requests: number; active: number; acceptedAt: number };
type Pending = { headersSent: boolean; setHeader(name: string, value: string): unknown };

/**
 * How many connections the kernel holds for our listening port that the process has not accepted
 * yet (Linux: the rx_queue of a LISTEN socket in /proc/net/tcp*). Null where that cannot be read.
 */
export function acceptQueueLength(
  port: number,
  read = (f: string) => fs.readFileSync(f, "utf8"),
): number | null {
  let total = 0;
  let found = false;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = read(file);
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 5 || cols[3] !== "0A") continue; // 0A: LISTEN
      const localPort = Number.parseInt(cols[1].split(":").pop() ?? "", 16);
      if (localPort !== port) continue;
      found = true;
      total += Number.parseInt(cols[4].split(":")[1] ?? "0", 16) || 0;
    }
  }
  return found ? total : null;
}

export type ConnectionTracker = {
  /**
   * The lame-duck wait: resolves once several event-loop turns in a row accepted no new connection
   * (the kernel's accept queue is empty), or after `maxMs` — later while the queue is still being
   * taken (a connection accepted within the last `stallMs`), up to `hardMaxMs`: a busy process takes
   * its queue at the pace it renders, and what is left in the queue when listening stops is reset.
   * A fixed pause is not enough on a busy machine, where the process may not even run during it.
   */
  quiet(options?: {
    tickMs?: number;
    quietTicks?: number;
    minMs?: number;
    maxMs?: number;
    stallMs?: number;
    hardMaxMs?: number;
  }): Promise<void>;
  /** Stops listening and resolves when every connection has closed (false after `timeoutMs`). */
  drain(timeoutMs: number, silentMs?: number): Promise<boolean>;
  /** Closes whatever is left. */
  destroyAll(): void;
  readonly size: number;
};

export function trackConnections(server: Server): ConnectionTracker {
  const sockets = new Map<Socket, State>();
  let accepted = 0;

  /** Responses being written: told to close their connection when shutdown begins. */
  const running = new Set<Pending>();

  server.on("connection", (socket: Socket) => {
    accepted++;
    const state: State = { requests: 0, active: 0, acceptedAt: Date.now() };
    sockets.set(socket, state);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.requests++;
    state.active++;
    running.add(res);
    res.once("close", () => {
      state.active--;
      running.delete(res);
    });
  });

  return {
    get size() {
      return sockets.size;
    },
    quiet({
      tickMs = 50,
      quietTicks = 3,
      minMs = 200,
      maxMs = 5_000,
      stallMs = 1_000,
      hardMaxMs = maxMs,
    } = {}) {
      const started = Date.now();
      let lastAcceptAt = started;
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : null;
      let seen = accepted;
      let quietFor = 0;
      return new Promise((resolve) => {
        const tick = () => {
          // Quiet: nothing new accepted since the last turn, and (where the kernel tells) nothing queued.
          const queued = port === null ? null : acceptQueueLength(port);
          quietFor = accepted === seen && !queued ? quietFor + 1 : 0;
          const now = Date.now();
          if (accepted !== seen) lastAcceptAt = now;
          seen = accepted;
          const elapsed = now - started;
          const stillTaking = Boolean(queued) && now - lastAcceptAt < stallMs;
          if (
            (quietFor >= quietTicks && elapsed >= minMs) ||
            (elapsed >= maxMs && !stillTaking) ||
            elapsed >= Math.max(maxMs, hardMaxMs)
          )
            resolve();
          else setTimeout(tick, tickMs);
        };
        setTimeout(tick, tickMs);
      });
    },
    drain(timeoutMs, silentMs = 5_000) {
      net.Server.prototype.close.call(server);
      // Answers not started yet close their connection; idle kept-alive ones are closed by the
      // client or by the keep-alive timeout, never by us while the client may be using them.
      for (const res of running) if (!res.headersSent) res.setHeader("Connection", "close");
      return new Promise((resolve) => {
        const started = Date.now();
        const timer = setInterval(() => {
          const now = Date.now();
          for (const [socket, state] of sockets) {
            // A connection that never sent a request is not waited for forever.
            if (state.requests === 0 && now - Math.max(state.acceptedAt, started) > silentMs)
              socket.destroy();
          }
          if (sockets.size === 0) {
            clearInterval(timer);
            resolve(true);
          } else if (now - started > timeoutMs) {
            clearInterval(timer);
            resolve(false);
          }
        }, 50);
      });
    },
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}

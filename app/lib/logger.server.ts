import { createRequire } from "node:module";
import pino from "pino";
import type PinoPretty from "pino-pretty";
import { currentRequestId } from "./request-context.server";

/**
 * JSON logs (pino). The level comes from LOG_LEVEL; tests keep it quiet. Inside a request every
 * line carries its `requestId` (lib/request-context.server.ts), so a caught error can be matched
 * to the request and to the X-Request-Id the visitor saw. LOG_FORMAT=pretty prints readable lines for development.
 */
const pretty = process.env.LOG_FORMAT === "pretty" ? prettyStream() : undefined;

/**
 * pino-pretty is a development dependency: it is loaded only when LOG_FORMAT=pretty asks for it,
 * so a production install (`npm ci --omit=dev`) starts without it.
 */
function prettyStream() {
  let pinoPretty: typeof PinoPretty;
  try {
    pinoPretty = createRequire(import.meta.url)("pino-pretty");
  } catch (error) {
    throw new Error("LOG_FORMAT=pretty needs pino-pretty, a development dependency (npm install)", {
      cause: error,
    });
  }
  return pinoPretty({
    colorize: process.stdout.isTTY,
    ignore: "pid,hostname,service",
    translateTime: "SYS:HH:MM:ss",
    // In order with the plain lines the start-up prints (the URL, demo passwords).
    sync: true,
  });
}

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "balkan-vozaci" },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      // node-postgres errors carry their whole client (sockets, buffers, type tables): drop it.
      err(error: unknown) {
        const out = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
        if (out && typeof out === "object") delete out.client;
        return out;
      },
    },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  pretty,
);
export type Logger = typeof logger;

import pino from "pino";
import { currentRequestId } from "./request-context.server";

/**
 * JSON logs (pino). The level comes from LOG_LEVEL; tests keep it quiet. Inside a request every
 * line carries its `requestId` (lib/request-context.server.ts), so a caught error can be matched
 * to the request and to the X-Request-Id the visitor saw.
 */
export const logger = pino({
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
});
export type Logger = typeof logger;

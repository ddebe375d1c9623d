import pino from "pino";

/** JSON logs (pino). The level comes from LOG_LEVEL; tests keep it quiet. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "balkan-vozaci" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
export type Logger = typeof logger;

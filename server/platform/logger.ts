import pino from "pino";
import type { AppConfig } from "./config.ts";

export type Logger = pino.Logger;

export function createLogger(level: AppConfig["logLevel"]): Logger {
  return pino({
    level,
    base: { service: "carrierline" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
      censor: "[redacted]",
    },
  });
}

import { Writable } from "node:stream";
import pino from "pino";

/** One log line as pino writes it; the fields a test reads are checked where it reads them. */
export type LogLine = { level: number; msg: string } & Record<string, unknown>;

/** A real pino logger whose lines a test can read back, parsed. */
export function capturingLogger(level: pino.Level = "info") {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

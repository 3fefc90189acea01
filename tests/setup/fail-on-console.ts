import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error or console.warn is a bug somewhere (or a warning nobody reads); a
// test that expects one must mock it itself.
const LEVELS = ["error", "warn"] as const;
type Level = (typeof LEVELS)[number];
let calls: { level: Level; args: unknown[] }[] = [];
let spies: { mockRestore(): void }[] = [];

beforeEach(() => {
  calls = [];
  spies = LEVELS.map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push({ level, args });
    }),
  );
});

afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  const [first] = calls;
  if (first) {
    const text = first.args.map(String).join(" ");
    throw new Error(
      `console.error/warn was called ${calls.length} time(s) during the test; first console.${first.level}: ${text}`,
    );
  }
});

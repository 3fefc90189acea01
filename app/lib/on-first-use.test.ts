import { describe, expect, it, vi } from "vitest";
import { onFirstUse } from "./on-first-use.ts";

describe("code loaded on first use", () => {
  it("loads once, however often it is asked for, and then has it at hand", async () => {
    const importer = vi.fn(async () => ({ schema: "loaded" }));
    const code = onFirstUse(importer);
    expect(code.current()).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(second);
    expect(await code.load()).toBe(first);
    expect(code.current()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load, and tells whoever waits that it failed", async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("loaded");
    const code = onFirstUse(importer);
    await expect(code.load()).rejects.toThrow("offline");
    expect(code.current()).toBeUndefined();
    expect(await code.load()).toBe("loaded");
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("does not report a load started ahead and never awaited as unhandled", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      void onFirstUse(() => Promise.reject(new Error("offline"))).load();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});

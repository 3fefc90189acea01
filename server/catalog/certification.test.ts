import { describe, expect, it } from "vitest";
import { deviceKey } from "./certification.ts";

describe("deviceKey", () => {
  it("compares a bill's device and a catalog model without storage or variant", () => {
    expect(deviceKey("iPhone 16 Pro 256GB")).toBe(deviceKey("iPhone 16 Pro"));
    expect(deviceKey("Apple Watch Series 10")).toBe(
      deviceKey("Apple Watch Series 10 (GPS + Cellular)"),
    );
    expect(deviceKey("Galaxy S25+ 512 GB")).toBe("galaxy s25+");
  });

  it("keeps models apart that differ by more than storage", () => {
    expect(deviceKey("iPhone 16 Pro 256GB")).not.toBe(deviceKey("iPhone 16 Pro Max"));
    expect(deviceKey("Pixel 9")).not.toBe(deviceKey("Pixel 9a"));
  });
});

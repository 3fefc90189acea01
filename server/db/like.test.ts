import { describe, expect, it } from "vitest";
import { containsPattern } from "./like.ts";

describe("searching text", () => {
  it("keeps %, _ and \\ typed by a user literal", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

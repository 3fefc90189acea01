import { describe, expect, it } from "vitest";
import { containsPattern, foldAccents } from "./like.ts";

describe("searching text", () => {
  it("keeps %, _ and \\ typed by a user literal", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("folds case and accents the way the database side does", () => {
    expect(foldAccents("Café Ñandú Construcción")).toBe("cafe nandu construccion");
    expect(foldAccents("ÖLBERG Łódź Øresund Müller-Peña")).toBe("olberg lodz oresund muller-pena");
    expect(foldAccents("plain 123 & co")).toBe("plain 123 & co");
  });
});

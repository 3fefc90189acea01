import { describe, expect, it } from "vitest";
import { isDomainError } from "#server/platform/errors.ts";
import { BLOG_WRITERS_ONLY, canWriteBlog, requireBlogWriter } from "./blog.ts";

// Who may publish on the public blog (decision 0043): platform operators, whatever their role in
// their own company, and nobody else, a reseller's admin included.

const people = {
  agent: { role: "agent", platformOperator: false },
  manager: { role: "manager", platformOperator: false },
  "company admin": { role: "admin", platformOperator: false },
  "operator who is an agent": { role: "agent", platformOperator: true },
  "operator who is an admin": { role: "admin", platformOperator: true },
};
const operators = ["operator who is an agent", "operator who is an admin"];

describe("canWriteBlog", () => {
  it("is true for platform operators only, and false for a visitor", () => {
    expect(canWriteBlog(null)).toBe(false);
    for (const [who, viewer] of Object.entries(people)) {
      expect(canWriteBlog(viewer), who).toBe(operators.includes(who));
    }
  });
});

describe("requireBlogWriter", () => {
  it("lets operators through and refuses everyone else as forbidden, saying why", () => {
    for (const [who, user] of Object.entries(people)) {
      const refusal = (() => {
        try {
          requireBlogWriter({ user });
          return null;
        } catch (error) {
          return error;
        }
      })();
      if (operators.includes(who)) {
        expect(refusal, who).toBeNull();
      } else {
        expect(isDomainError(refusal) && refusal.kind, who).toBe("forbidden");
        expect(refusal instanceof Error && refusal.message, who).toBe(BLOG_WRITERS_ONLY);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  BRAND_COLOR_MESSAGE,
  companyBrandingSchema,
  companySettingsIntentSchema,
  QUOTE_VALIDITY_MESSAGE,
} from "./company-settings.ts";

const messages = (input: Record<string, string>) => {
  const parsed = companyBrandingSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("company branding form", () => {
  it("stores the colour in lower case and a blank one as none", () => {
    expect(
      companyBrandingSchema.parse({ brandColor: " #1D4ED8 ", quoteValidityDays: "30" }),
    ).toEqual({ brandColor: "#1d4ed8", quoteValidityDays: 30 });
    expect(companyBrandingSchema.parse({ brandColor: "", quoteValidityDays: "365" })).toEqual({
      brandColor: null,
      quoteValidityDays: 365,
    });
  });

  it.each(["1d4ed8", "#1d4ed", "#1d4ed8x", "blue", "#ggg000", "#1d4ed8 #000000"])(
    "refuses the colour %j",
    (brandColor) => {
      expect(messages({ brandColor, quoteValidityDays: "30" })).toContain(BRAND_COLOR_MESSAGE);
    },
  );

  it.each(["0", "366", "1.5", "-3", "", "thirty", "1e2", "9999"])(
    "refuses a validity of %j days",
    (quoteValidityDays) => {
      expect(messages({ brandColor: "", quoteValidityDays })).toContain(QUOTE_VALIDITY_MESSAGE);
    },
  );

  it("reads no intent as the access switch and refuses an unknown one", () => {
    expect(companySettingsIntentSchema.parse({}).intent).toBe("access");
    expect(companySettingsIntentSchema.safeParse({ intent: "nuke" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { isPlainClick } from "./plain-click.ts";

const click = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

describe("isPlainClick", () => {
  it("follows a main-button click in this tab", () => {
    expect(isPlainClick(click)).toBe(true);
  });
  it("leaves new tabs, windows, downloads and handled clicks to the browser", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey", "defaultPrevented"] as const)
      expect(isPlainClick({ ...click, [key]: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyTheme, PORTAL_PATH, THEME_STORAGE_KEY, themeBootScript } from "./theme.ts";

// A minimal browser: the function only touches localStorage, location, matchMedia and <html>.
function fakeWindow(path: string, prefersDark: boolean, stored: string | null) {
  const classes = new Set<string>();
  const root = {
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    style: { colorScheme: "" },
  };
  vi.stubGlobal("window", {
    localStorage: { getItem: () => stored },
    location: { pathname: path },
    matchMedia: () => ({ matches: prefersDark }),
  });
  vi.stubGlobal("document", { documentElement: root });
  return { isDark: () => classes.has("dark"), root };
}

describe("applyTheme", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  const stored = (theme: string) => JSON.stringify({ state: { theme }, version: 0 });

  it("is dark on the public site when nothing is stored, whatever the system says", () => {
    const w = fakeWindow("/", false, null);
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("dark");
    expect(w.isDark()).toBe(true);
    expect(w.root.style.colorScheme).toBe("dark");
  });

  it("follows the system preference in the portal when nothing is stored", () => {
    fakeWindow("/dashboard/deals", false, null);
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("light");
    fakeWindow("/login", true, null);
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("dark");
  });

  it("lets the stored preference win everywhere", () => {
    const w = fakeWindow("/", true, stored("light"));
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("light");
    expect(w.isDark()).toBe(false);
    fakeWindow("/dashboard", false, stored("dark"));
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("dark");
  });

  it("lets a fresh choice win over what storage still says", () => {
    fakeWindow("/", true, stored("dark"));
    expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH, "light")).toBe("light");
  });

  it("ignores broken or foreign storage values", () => {
    for (const value of ["{not json", JSON.stringify({ state: { theme: "blue" } }), "null", "42"]) {
      fakeWindow("/", false, value);
      expect(applyTheme(THEME_STORAGE_KEY, PORTAL_PATH)).toBe("dark");
    }
  });

  it("does not treat /dashboards or /login-help as portal pages", () => {
    expect(PORTAL_PATH.test("/dashboards")).toBe(false);
    expect(PORTAL_PATH.test("/login-help")).toBe(false);
    expect(PORTAL_PATH.test("/dashboard")).toBe(true);
  });

  it("boots from a self-contained inline script", () => {
    const w = fakeWindow("/", true, stored("light"));
    new Function(themeBootScript)();
    expect(w.isDark()).toBe(false);
  });
});

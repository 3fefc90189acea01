export type Theme = "light" | "dark";

/** zustand's persist key for the theme store (public-site spec); its value is {"state":{"theme":…},"version":0}. */
export const THEME_STORAGE_KEY = "theme-storage";

/** Paths of the signed-in portal, where the system preference (not dark) is the default. */
export const PORTAL_PATH = /^\/(dashboard|login|analytics)(\/|$)/;

/**
 * Decides and applies the theme. Runs inline in <head> before the first paint (serialized with
 * toString, so it must stay self-contained), and again on client navigation.
 * Order: the theme just chosen or the stored preference, else dark on the public site, else the
 * system preference.
 */
export function applyTheme(
  storageKey: string,
  portalPattern: RegExp,
  chosen?: Theme | null,
): Theme {
  const readStored = (): Theme | null => {
    try {
      const raw = window.localStorage.getItem(storageKey);
      const stored: unknown = raw ? JSON.parse(raw) : null;
      if (typeof stored === "object" && stored !== null && "state" in stored) {
        const state: unknown = stored.state;
        if (typeof state === "object" && state !== null && "theme" in state) {
          if (state.theme === "light" || state.theme === "dark") return state.theme;
        }
      }
    } catch {
      // Unreadable storage (privacy mode, bad JSON) means no stored preference.
    }
    return null;
  };
  let theme = chosen ?? readStored();
  if (theme === null) {
    const inPortal = portalPattern.test(window.location.pathname);
    const prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    theme = inPortal ? (prefersDark ? "dark" : "light") : "dark";
  }
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  return theme;
}

export const themeBootScript = `(${applyTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)}, ${PORTAL_PATH.toString()});`;

import { create } from "zustand";
import { applyTheme, PORTAL_PATH, THEME_STORAGE_KEY, type Theme } from "#app/lib/theme.ts";

type ThemeState = {
  /** The choice made on this page; null until they toggle, so defaults keep following the page. */
  theme: Theme | null;
  toggle: () => void;
};

/**
 * Saves a choice in zustand persist's format (the public-site spec's `theme-storage` value). The
 * persist middleware itself is not used: the boot script and `applyTheme` already read the stored
 * choice, so all the store adds is this write, and the middleware cost the landing page 1 KB.
 */
function saveChoice(theme: Theme): void {
  try {
    window.localStorage.setItem(
      THEME_STORAGE_KEY,
      JSON.stringify({ state: { theme }, version: 0 }),
    );
  } catch {
    // Storage refused (privacy mode, quota): the choice lasts until the page is left.
  }
}

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: null,
  toggle: () => {
    const current: Theme = document.documentElement.classList.contains("dark") ? "dark" : "light";
    const next: Theme = current === "dark" ? "light" : "dark";
    saveChoice(next);
    set({ theme: next });
  },
}));

useThemeStore.subscribe((state) => {
  if (typeof document !== "undefined") applyTheme(THEME_STORAGE_KEY, PORTAL_PATH, state.theme);
});

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { applyTheme, PORTAL_PATH, THEME_STORAGE_KEY, type Theme } from "#app/lib/theme.ts";

type ThemeState = {
  /** The user's explicit choice; null until they toggle, so defaults keep following the page. */
  theme: Theme | null;
  toggle: () => void;
};

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: null,
      toggle: () => {
        const current: Theme = document.documentElement.classList.contains("dark")
          ? "dark"
          : "light";
        set({ theme: current === "dark" ? "light" : "dark" });
      },
    }),
    {
      name: THEME_STORAGE_KEY,
      partialize: (state) => ({ theme: state.theme }),
    },
  ),
);

// Listeners run before persist writes the storage, so the new choice is passed in, not re-read.
useThemeStore.subscribe((state) => {
  if (typeof document !== "undefined") applyTheme(THEME_STORAGE_KEY, PORTAL_PATH, state.theme);
});

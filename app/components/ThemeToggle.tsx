import { Icon } from "#app/components/ui/icon.tsx";
import { Moon, Sun } from "#app/components/ui/icons.ts";
import { useThemeStore } from "#app/stores/theme.ts";

export function ThemeToggle() {
  const toggle = useThemeStore((s) => s.toggle);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Toggle dark mode"
      title="Toggle dark mode"
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {/* Both icons render; CSS shows the one that matches, so the server HTML is already right. */}
      <Icon icon={Moon} className="size-5 dark:hidden" strokeWidth={2} />
      <Icon icon={Sun} className="hidden size-5 dark:block" strokeWidth={2} />
    </button>
  );
}

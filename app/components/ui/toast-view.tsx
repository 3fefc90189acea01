import * as RadixToast from "@radix-ui/react-toast";
import { CircleCheck, CircleX, X } from "#app/components/ui/icons.ts";
import { Icon } from "./icon.tsx";
import { TOAST_DURATION_MS, type ToastTone, useToastStore } from "./toast-store.ts";

const TONE_CLASS: Record<ToastTone, string> = {
  success: "text-emerald-600 dark:text-emerald-400",
  error: "text-red-600 dark:text-red-400",
};

/**
 * The one place toasts appear (bottom right, above everything). Radix announces each one in a
 * live region (failures assertively), pauses the timer while hovered or focused, closes on a swipe
 * or Escape, and F8 moves the keyboard to them.
 */
export default function ToasterView() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    // "Messages", not Radix's default "Notifications": the portal's bell already has that name.
    <RadixToast.Provider swipeDirection="right" label="Message">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          // Failures interrupt the screen reader; confirmations wait their turn.
          type={t.tone === "error" ? "foreground" : "background"}
          duration={TOAST_DURATION_MS[t.tone]}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          data-tone={t.tone}
          className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg data-[state=open]:animate-[slide-in-right_200ms_ease-out] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-[fade-in_150ms_ease-in_reverse] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <Icon
            icon={t.tone === "error" ? CircleX : CircleCheck}
            className={`mt-0.5 size-5 shrink-0 ${TONE_CLASS[t.tone]}`}
          />
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description ? (
              <RadixToast.Description className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                {t.description}
              </RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close
            aria-label="Dismiss"
            className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <Icon icon={X} className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        label="Messages ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}

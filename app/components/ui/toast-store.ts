import { create } from "zustand";

export type ToastTone = "success" | "error";

export type ToastMessage = {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string | undefined;
};

/** How long a toast stays, in ms; a failure stays longer so it can be read. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = { success: 5_000, error: 8_000 };

type ToastStore = {
  toasts: ToastMessage[];
  dismiss: (id: number) => void;
};

let nextId = 1;

export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

function push(tone: ToastTone, title: string, description?: string): number {
  const id = nextId++;
  useToastStore.setState((s) => ({ toasts: [...s.toasts, { id, tone, title, description }] }));
  return id;
}

/**
 * Says that something happened without moving the layout: `toast.success("Check-in scheduled")`,
 * `toast.error("Could not save", "Try again in a moment")`. The Toaster in the root shows them.
 */
export const toast = {
  success: (title: string, description?: string) => push("success", title, description),
  error: (title: string, description?: string) => push("error", title, description),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};

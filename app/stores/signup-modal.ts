import { create } from "zustand";
import type { WaitlistSource } from "#app/lib/schemas/waitlist.ts";

export type SignupDraft = { name: string; email: string; company: string; phone: string };

export const EMPTY_DRAFT: SignupDraft = { name: "", email: "", company: "", phone: "" };

type SignupModalState = {
  open: boolean;
  /** Where the modal was opened from; sent with the sign-up (public-site spec: source). */
  source: WaitlistSource;
  /** Bumped on every opening, so the form starts fresh from what the opener passed. */
  openings: number;
  /** What the visitor typed, kept while the page lives so closing the modal loses nothing. */
  draft: SignupDraft;
  openWith: (source: WaitlistSource, email?: string) => void;
  close: () => void;
  saveDraft: (draft: SignupDraft) => void;
  clearDraft: () => void;
};

export const useSignupModal = create<SignupModalState>()((set) => ({
  open: false,
  source: "direct",
  openings: 0,
  draft: EMPTY_DRAFT,
  openWith: (source, email) =>
    set((state) => ({
      open: true,
      source,
      openings: state.openings + 1,
      draft: email ? { ...state.draft, email } : state.draft,
    })),
  close: () => set({ open: false }),
  saveDraft: (draft) => set({ draft }),
  clearDraft: () => set({ draft: EMPTY_DRAFT }),
}));

import { useEffect, useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { SIGNUP_AUTO_CLOSE_MS } from "#app/lib/waitlist-client.ts";
import { useSignupModal } from "#app/stores/signup-modal.ts";
import { SignupSuccess, WaitlistForm } from "./WaitlistForm.tsx";

/** The waitlist modal; loaded on the first sign-up intent so the landing page ships less script. */
export default function SignupModal() {
  const { open, source, openings, draft, close, saveDraft, clearDraft } = useSignupModal();
  const [succeeded, setSucceeded] = useState(false);

  // Every opening starts at the form, with whatever the visitor had typed before.
  useEffect(() => {
    if (openings > 0) setSucceeded(false);
  }, [openings]);

  useEffect(() => {
    if (!succeeded || !open) return;
    const timer = window.setTimeout(close, SIGNUP_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, open, close]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Join the Carrierline beta"
      // The confirmation says what happens next; the form's invitation no longer applies.
      description={
        succeeded
          ? undefined
          : "Tell us who you are and we'll email your access details as soon as your spot opens."
      }
    >
      {succeeded ? (
        <SignupSuccess />
      ) : (
        <WaitlistForm
          // A new opening remounts the form with the opener's email and a clean error state.
          key={openings}
          source={source}
          initial={draft}
          onDraftChange={saveDraft}
          onSuccess={() => {
            clearDraft();
            setSucceeded(true);
          }}
        />
      )}
    </Modal>
  );
}

import { useId, useState } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SignupButton } from "./SignupButton.tsx";

/** The beta section's call to action: an email to start with, carried into the sign-up modal. */
export function BetaSignup() {
  const [email, setEmail] = useState("");
  const id = useId();
  return (
    <div className="mt-8 flex max-w-lg flex-col gap-3 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        Work email
      </label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@yourcompany.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-white/30 bg-white/10 px-4 py-3 text-white placeholder:text-brand-100 focus:border-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      />
      <SignupButton
        source="beta_section"
        email={email.trim() || undefined}
        // The brand's own focus outline is blue on this blue band: white here.
        className={buttonClass("secondary", "px-6 py-3 text-base focus-visible:outline-white")}
      >
        Sign Up
      </SignupButton>
    </div>
  );
}

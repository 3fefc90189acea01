import { lazy, type MouseEvent, type ReactNode, Suspense } from "react";
import { preloadModal } from "#app/components/ui/modal.tsx";
import type { WaitlistSource } from "#app/lib/schemas/waitlist.ts";
import { useSignupModal } from "#app/stores/signup-modal.ts";

const loadSignupModal = () => import("./SignupModal.tsx");
const SignupModal = lazy(loadSignupModal);

/** Fetches the modal's code when a visitor shows intent, so it is ready by the click. */
export function preloadSignupModal(): void {
  void loadSignupModal();
  preloadModal();
}

/** Mounted once by the site layout; renders nothing until someone first asks to sign up. */
export function SignupModalHost() {
  const everOpened = useSignupModal((state) => state.openings > 0);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}

const isModified = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/**
 * Opens the sign-up modal tagged with its placement. It is a link to /join underneath, so it
 * works before the page's script has loaded and opens in a new tab on a modified click.
 */
export function SignupButton(props: {
  source: WaitlistSource;
  /** Prefills the modal's email field. */
  email?: string | undefined;
  className: string;
  children: ReactNode;
  onOpen?: () => void;
}) {
  const openWith = useSignupModal((state) => state.openWith);
  const params = new URLSearchParams({ source: props.source });
  if (props.email) params.set("email", props.email);
  return (
    <a
      href={`/join?${params}`}
      aria-haspopup="dialog"
      className={props.className}
      onPointerEnter={preloadSignupModal}
      onFocus={preloadSignupModal}
      onClick={(event) => {
        if (isModified(event)) return;
        event.preventDefault();
        props.onOpen?.();
        openWith(props.source, props.email);
      }}
    >
      {props.children}
    </a>
  );
}

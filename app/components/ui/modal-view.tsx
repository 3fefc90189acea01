import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { X } from "#app/components/ui/icons.ts";
import { Icon } from "./icon.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The line under the title; a view that says everything itself (a confirmation) leaves it out. */
  description?: string | undefined;
  /**
   * False while the dialog must be finished with one of its own buttons (backup codes shown once
   * must be acknowledged): no close button, and neither Escape nor the backdrop closes it.
   */
  dismissible?: boolean | undefined;
  children: ReactNode;
};

/** The dialog itself (Radix Dialog), loaded when a modal first opens: see modal.tsx. */
export default function ModalView(props: ModalProps) {
  // Our modals are opened by ordinary buttons (a row's action, a confirmation's Delete).
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-[fade-in_150ms_ease-out]"
        />
        <Dialog.Content
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          {...(props.dismissible === false
            ? {
                onEscapeKeyDown: (event: Event) => event.preventDefault(),
                onPointerDownOutside: (event: Event) => event.preventDefault(),
              }
            : {})}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          // Without a description Radix wants aria-describedby set explicitly to undefined.
          {...(props.description ? {} : { "aria-describedby": undefined })}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto overflow-x-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[fade-in_150ms_ease-out] dark:border-slate-800 dark:bg-slate-900"
        >
          {/* An address or a file name has no space to break at: it wraps anywhere rather than
              running under the close button and scrolling the dialog sideways. */}
          <div className="mb-5 pr-8 [overflow-wrap:anywhere]">
            <Dialog.Title className="text-xl font-semibold tracking-tight">
              {props.title}
            </Dialog.Title>
            {props.description ? (
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {props.description}
              </Dialog.Description>
            ) : null}
          </div>
          {props.children}
          {props.dismissible === false ? null : (
            <Dialog.Close
              aria-label="Close"
              className="absolute right-4 top-4 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <Icon icon={X} />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

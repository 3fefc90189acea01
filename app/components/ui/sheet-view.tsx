import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useReturnFocus } from "./use-return-focus.ts";

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  /** Visually hidden title, for panels whose content shows its own heading. */
  hideTitle?: boolean;
  description?: string;
  widthClass: string;
  /** Where focus goes on opening (Radix focuses the first control unless this prevents it). */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on closing. Radix returns it to a Dialog.Trigger only, and these sheets are
   * opened by plain buttons: by default focus goes back to the element that had it when the sheet
   * opened (the bell), or it would fall to the page's body.
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** Buttons shown beside the title (close, bulk actions). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The sheet itself (Radix Dialog), loaded when a sheet first opens: see sheet.tsx. */
export default function SheetView(props: SheetProps) {
  const returnFocus = useReturnFocus();
  const { onOpenAutoFocus, onCloseAutoFocus } = props;
  const sideClass =
    props.side === "left"
      ? "left-0 border-r data-[state=open]:animate-[slide-in-left_200ms_ease-out]"
      : "right-0 border-l data-[state=open]:animate-[slide-in-right_200ms_ease-out]";
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          // Without a description Radix wants aria-describedby set explicitly to undefined.
          {...(props.description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus.onCloseAutoFocus}
          className={`fixed inset-y-0 z-50 flex max-w-full flex-col border-slate-200 bg-white shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900 ${sideClass} ${props.widthClass}`}
        >
          {props.hideTitle ? (
            <Dialog.Title className="sr-only">{props.title}</Dialog.Title>
          ) : (
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <Dialog.Title className="text-lg font-semibold">{props.title}</Dialog.Title>
              <div className="flex items-center gap-1">{props.actions}</div>
            </div>
          )}
          {props.description ? (
            <Dialog.Description className="sr-only">{props.description}</Dialog.Description>
          ) : null}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import type { FormEvent } from "react";

/**
 * Code a page needs only once someone acts on it (decision 0036): the forms' shared zod schemas
 * and the board's answer checks cost every page that held them 25 KB of script on first load.
 * `load` starts the import once (again after a failure); `current` is what it gave, once it has.
 */
export type OnFirstUse<T> = {
  readonly current: () => T | undefined;
  readonly load: () => Promise<T>;
};

export function onFirstUse<T>(importer: () => Promise<T>): OnFirstUse<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => loaded,
    load: () => {
      if (!pending) {
        pending = importer().then(
          (value) => {
            loaded = value;
            return value;
          },
          (error: unknown) => {
            pending = undefined;
            throw error;
          },
        );
        // A load started ahead (on focus, beside a request) may fail unawaited; whoever
        // awaits it still gets the failure.
        pending.catch(() => undefined);
      }
      return pending;
    },
  };
}

/**
 * A form's submit handler whose check needs code loaded on first use. Once loaded, `check` runs
 * as it always did, in the submit event, and may cancel it. Until then the submission waits:
 * the event is cancelled, and when the code has come the form is submitted again with the same
 * button, so the check runs before anything is sent. Forms start the load on first focus, so
 * the wait is rare. If the code cannot load, the form is sent as a plain document post, as
 * before JavaScript ran, and the server's check of the same schema answers.
 */
export function submitWhenLoaded<T>(
  code: OnFirstUse<T>,
  event: FormEvent<HTMLFormElement>,
  check: (loaded: T) => void,
): void {
  const loaded = code.current();
  if (loaded !== undefined) {
    check(loaded);
    return;
  }
  event.preventDefault();
  const form = event.currentTarget;
  const native = event.nativeEvent;
  const submitter =
    native instanceof SubmitEvent &&
    (native.submitter instanceof HTMLButtonElement ||
      native.submitter instanceof HTMLInputElement) &&
    native.submitter.form === form
      ? native.submitter
      : null;
  code.load().then(
    () => {
      if (form.isConnected) form.requestSubmit(submitter);
    },
    () => {
      if (form.isConnected) form.submit();
    },
  );
}

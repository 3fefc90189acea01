import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { AccountAnswer } from "#app/lib/schemas/account.ts";
import { Flash, SixDigitCodeField, Switch, useFlash } from "./controls.tsx";

/**
 * The dialogs sit inside the profile form in React's tree (Radix portals them out of it in the
 * page). A submit event bubbles along React's tree, so without this the profile form would take
 * a dialog's submit for its own.
 */
function OwnForms({ children }: { children: ReactNode }) {
  return <div onSubmit={(event) => event.stopPropagation()}>{children}</div>;
}

function PasswordField(props: { disabled: boolean }) {
  return (
    <TextField
      label="Current Password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      disabled={props.disabled}
    />
  );
}

/** Every dialog's foot: the action's error, Cancel, and the submit button with its busy label. */
function DialogActions(props: {
  error: AccountAnswer | undefined;
  busy: boolean;
  onCancel: () => void;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <Flash result={props.error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.label}
        </Button>
      </div>
    </>
  );
}

/** The 10 backup codes, shown once, with Copy and Download. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Carrierline backup codes\nEach code works once.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "carrierline-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Save these codes somewhere safe. Each one signs you in once if you lose your phone. They
        will not be shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="secondary" onClick={download}>
          Download (.txt)
        </Button>
        <Button className="ml-auto" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

/** Enrollment: password, then the QR code and key with a first code, then the backup codes. */
function EnrollDialog(props: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-2fa-enroll" });
  const busy = fetcher.state !== "idle";
  const [scan, setScan] = useState<{ qrSvg: string; totpKey: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const result = fetcher.data;
  useEffect(() => {
    if (!result?.ok) return;
    if (result.qrSvg && result.totpKey) setScan({ qrSvg: result.qrSvg, totpKey: result.totpKey });
    if (result.backupCodes) setCodes(result.backupCodes);
  }, [result]);
  const { onClose, open } = props;
  // Closing forgets the secret and the codes: they are not kept in the page after the dialog.
  useEffect(() => {
    if (open) return;
    setScan(null);
    setCodes(null);
  }, [open]);
  const error = result && !result.ok ? result : undefined;
  const step = codes ? 3 : scan ? 2 : 1;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        // Once the factor is on, the codes must be acknowledged with "I saved them".
        if (!next && step !== 3) onClose();
      }}
      dismissible={step !== 3}
      title="Set up two-factor authentication"
      description={`Step ${step} of 3: ${
        step === 1
          ? "confirm it's you."
          : step === 2
            ? "add Carrierline to your authenticator app."
            : "save your backup codes."
      }`}
    >
      <OwnForms>
        {step === 1 ? (
          <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
            <input type="hidden" name="intent" value="2fa-enable" />
            <PasswordField disabled={busy} />
            <DialogActions
              error={error}
              busy={busy}
              onCancel={onClose}
              busyLabel="Checking..."
              label="Continue"
            />
          </fetcher.Form>
        ) : null}
        {step === 2 && scan ? (
          <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
            <input type="hidden" name="intent" value="2fa-confirm" />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
            </p>
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="mx-auto w-48 rounded-lg bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
              // The SVG is made on our server from the otpauth:// address (uqr); no user input.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered QR markup
              dangerouslySetInnerHTML={{ __html: scan.qrSvg }}
            />
            <div className="text-sm">
              <p className="text-slate-600 dark:text-slate-400">Or enter this key by hand:</p>
              <code
                data-testid="totp-key"
                className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono dark:bg-slate-800"
              >
                {scan.totpKey}
              </code>
            </div>
            <SixDigitCodeField label="Code from the app" disabled={busy} />
            <DialogActions
              error={error}
              busy={busy}
              onCancel={onClose}
              busyLabel="Verifying..."
              label="Verify and turn on"
            />
          </fetcher.Form>
        ) : null}
        {step === 3 && codes ? <BackupCodes codes={codes} onDone={onClose} /> : null}
      </OwnForms>
    </Modal>
  );
}

/** Unenrolling: a current code (authenticator or backup) and the password. */
function DisableDialog(props: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-2fa-disable" });
  const busy = fetcher.state !== "idle";
  const { onClose } = props;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  // Closes on a new success only: the last answer stays in the fetcher after the dialog shuts.
  const handled = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    if (fetcher.data?.ok) onClose();
  }, [fetcher.data, onClose]);
  return (
    <Modal
      open={props.open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Turn off two-factor authentication"
      description="Signing in will ask only for your password. Confirm with a current code and your password."
    >
      <OwnForms>
        <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
          <input type="hidden" name="intent" value="2fa-disable" />
          <TextField
            label="Authenticator or backup code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={11}
            required
            disabled={busy}
          />
          <PasswordField disabled={busy} />
          <DialogActions
            error={error}
            busy={busy}
            onCancel={onClose}
            busyLabel="Turning off..."
            label="Turn off"
          />
        </fetcher.Form>
      </OwnForms>
    </Modal>
  );
}

/** New backup codes; needs the password. */
function RegenerateDialog(props: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-2fa-codes" });
  const busy = fetcher.state !== "idle";
  const [codes, setCodes] = useState<string[] | null>(null);
  const { open, onClose } = props;
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.backupCodes) setCodes(fetcher.data.backupCodes);
  }, [fetcher.data]);
  useEffect(() => {
    if (!open) setCodes(null);
  }, [open]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !codes) onClose();
      }}
      title="Regenerate backup codes"
      description="New codes replace the old ones, which stop working at once."
    >
      <OwnForms>
        {codes ? (
          <BackupCodes codes={codes} onDone={onClose} />
        ) : (
          <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
            <input type="hidden" name="intent" value="2fa-backup-codes" />
            <PasswordField disabled={busy} />
            <DialogActions
              error={error}
              busy={busy}
              onCancel={onClose}
              busyLabel="Making codes..."
              label="Make new codes"
            />
          </fetcher.Form>
        )}
      </OwnForms>
    </Modal>
  );
}

/** The Settings switch: on opens enrollment, off opens unenrollment; the server decides. */
export function TwoFactorSetting({ enabled }: { enabled: boolean }) {
  const [dialog, setDialog] = useState<"enroll" | "disable" | "codes" | null>(null);
  const disabled = useFetcher<AccountAnswer>({ key: "account-2fa-disable" });
  const flash = useFlash(disabled.data?.ok ? disabled.data : undefined);
  const close = () => setDialog(null);
  return (
    <div className="space-y-3">
      <Switch
        label="Two-factor authentication"
        description={
          enabled
            ? "On: signing in asks for a code from your authenticator app (or a backup code)."
            : "Off: turn on to confirm each sign-in with a code from an authenticator app."
        }
        checked={enabled}
        onChange={(on) => setDialog(on ? "enroll" : "disable")}
      />
      {enabled ? (
        <Button variant="secondary" onClick={() => setDialog("codes")}>
          Regenerate backup codes
        </Button>
      ) : null}
      <Flash result={flash} />
      <EnrollDialog open={dialog === "enroll"} onClose={close} />
      <DisableDialog open={dialog === "disable"} onClose={close} />
      <RegenerateDialog open={dialog === "codes"} onClose={close} />
    </div>
  );
}

import { Button } from "#app/components/ui/button.tsx";
import { Modal } from "#app/components/ui/modal.tsx";

export type ProposalRecipient = { companyName: string; contactName: string; contactEmail: string };

/**
 * "Send this proposal?": sending emails the customer and cannot be taken back, so the agent sees
 * who it goes to before it goes (the dashboard's row and the quote page both ask here).
 */
export function SendProposalDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipient: ProposalRecipient;
  onSend: () => void;
}) {
  const { companyName, contactName, contactEmail } = props.recipient;
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title="Send this proposal?">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The proposal for <span className="font-semibold">{companyName}</span> goes by email to{" "}
        {contactName} at <span className="font-semibold wrap-anywhere">{contactEmail}</span>, with
        its PDF attached.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            props.onOpenChange(false);
            props.onSend();
          }}
        >
          Send Proposal
        </Button>
      </div>
    </Modal>
  );
}

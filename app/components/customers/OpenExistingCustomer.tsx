import { Link } from "react-router";
import { ALERT_LINK } from "#app/components/ui/alert.tsx";

/** After a refusal naming a customer the company already has: a link to open them. */
export function OpenExistingCustomer({ existing }: { existing: { id: string; name: string } }) {
  return (
    <>
      {" "}
      <Link to={`/dashboard/customers/${existing.id}`} className={ALERT_LINK}>
        Open {existing.name}
      </Link>
    </>
  );
}

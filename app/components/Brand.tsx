import { Link } from "react-router";

export function Brand({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">Carrierline</span>
    </Link>
  );
}

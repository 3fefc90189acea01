import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Carrierline" }];

export default function DashboardHome() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/portal/layout");
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Your Telecom at a Glance</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Welcome back{layout ? `, ${layout.user.name}` : ""}. Your deals, quotes and catalog tools
        arrive here in the next release.
      </p>
    </main>
  );
}

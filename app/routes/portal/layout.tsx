import { Form, Outlet } from "react-router";
import { requireUser } from "../../../server/auth/guards.server.ts";
import { Brand } from "../../components/Brand.tsx";
import { ThemeToggle } from "../../components/ThemeToggle.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { name: user.name, username: user.username, role: user.role, company: user.company },
  };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-6">
            <Brand to="/dashboard" />
            <span className="hidden text-lg font-semibold sm:inline">Dashboard</span>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-300">
              {user.name} · {user.company}
            </span>
            <ThemeToggle />
            <Form method="post" action="/logout">
              <Button type="submit" variant="secondary">
                Sign Out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <Outlet />
    </div>
  );
}

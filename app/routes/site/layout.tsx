import { Outlet } from "react-router";
import { SignupModalHost } from "#app/components/site/SignupButton.tsx";
import { SiteFooter } from "#app/components/site/SiteFooter.tsx";
import { SiteHeader } from "#app/components/site/SiteHeader.tsx";

export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div id="main" className="flex-1 pt-16">
        <Outlet />
      </div>
      <SiteFooter />
      <SignupModalHost />
    </div>
  );
}

import type { ReactNode } from "react";
import { SignupModalHost } from "./SignupButton.tsx";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";

/** The public site's frame: skip link, header, the page, footer, and the sign-up modal's host. */
export function SiteFrame({ children }: { children: ReactNode }) {
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
        {children}
      </div>
      <SiteFooter />
      <SignupModalHost />
    </div>
  );
}

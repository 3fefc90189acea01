import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Brand } from "#app/components/Brand.tsx";
import { ThemeToggle } from "#app/components/ThemeToggle.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Menu, X } from "#app/components/ui/icons.ts";
import { useSignedIn } from "./SignedIn.tsx";
import { SignupButton } from "./SignupButton.tsx";

const NAV = [
  { to: "/features", label: "Features" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About" },
] as const;

/** Past this many pixels of scroll the header turns translucent with a border (public-site spec). */
export const HEADER_SCROLL_THRESHOLD = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `text-sm font-medium transition-colors ${
    isActive
      ? "text-slate-900 dark:text-white"
      : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
  }`;

export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const { pathname } = useLocation();
  const signedIn = useSignedIn();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A navigation closes the mobile menu, whichever link caused it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const solid = scrolled || menuOpen;
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200 ${
        solid
          ? "border-slate-200 bg-white/80 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/80"
          : "border-transparent"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {signedIn ? (
            // An agent already has an account: the way back to work, not the sign-in or the waitlist.
            <div className="hidden md:block">
              <Link to="/dashboard" className={buttonClass("primary")}>
                Dashboard
              </Link>
            </div>
          ) : (
            <>
              <Link
                to="/login"
                className="hidden rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 md:inline-flex dark:text-slate-200 dark:hover:bg-slate-800"
              >
                Agent sign-in
              </Link>
              {/* A wrapper, because the button's own display class would override "hidden". */}
              <div className="hidden md:block">
                <SignupButton source="header_nav" className={buttonClass("primary")}>
                  Sign Up
                </SignupButton>
              </div>
            </>
          )}
          {/* A link to the menu, so that without JavaScript it still opens it (CSS :target). */}
          {/* biome-ignore lint/a11y/useValidAnchor: the href is the no-script fallback; scripts make it a toggle */}
          {/* biome-ignore lint/a11y/useSemanticElements: a <button> cannot open the menu without JavaScript */}
          <a
            ref={toggleRef}
            href="#mobile-menu"
            role="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={(event) => {
              event.preventDefault();
              setMenuOpen((open) => !open);
            }}
            onKeyDown={(event) => {
              // A link answers Enter only; as a button it answers Space as well.
              if (event.key !== " ") return;
              event.preventDefault();
              setMenuOpen((open) => !open);
            }}
          >
            <Icon icon={menuOpen ? X : Menu} className="size-6" />
          </a>
        </div>
      </div>
      {/* Always in the page: hidden until opened, or until #mobile-menu is the target. */}
      <div className="md:hidden">
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={`border-t border-slate-200 bg-white px-4 pb-4 pt-2 dark:border-slate-800 dark:bg-slate-950 ${
            menuOpen ? "block" : "hidden target:block"
          }`}
        >
          <ul className="space-y-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-lg px-3 py-2.5 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {signedIn ? null : (
              <li>
                <Link
                  to="/login"
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-lg px-3 py-2.5 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Agent sign-in
                </Link>
              </li>
            )}
          </ul>
          {signedIn ? (
            <Link
              to="/dashboard"
              onClick={() => setMenuOpen(false)}
              className={buttonClass("primary", "mt-3 w-full py-2.5 text-base")}
            >
              Dashboard
            </Link>
          ) : (
            <SignupButton
              source="header_mobile"
              className={buttonClass("primary", "mt-3 w-full py-2.5 text-base")}
              onOpen={() => setMenuOpen(false)}
            >
              Sign Up
            </SignupButton>
          )}
        </nav>
      </div>
    </header>
  );
}

import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SessionUserView } from "./schemas/session.ts";
import {
  browserSessionDeps,
  createSessionManager,
  type SessionManager,
  signedOutTarget,
} from "./session-manager.ts";

const SessionManagerContext = createContext<SessionManager | null>(null);

/** The portal's session manager; null on the server and before the page has hydrated. */
export function useSessionManager(): SessionManager | null {
  return useContext(SessionManagerContext);
}

/**
 * Runs the browser session manager for as long as the portal is shown: it starts from the
 * session the layout's loader read (no fetch for the first render) and, when the session ends,
 * takes the agent to the sign-in page.
 */
export function SessionManagerProvider(props: {
  initial: { user: SessionUserView; expiresAt: string };
  children: ReactNode;
}) {
  const [manager, setManager] = useState<SessionManager | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the session ends, not when the manager starts: the agent may have moved on since.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  // The loader's session seeds the manager once; later loads do not restart it.
  const initial = useRef(props.initial);

  useEffect(() => {
    const deps = browserSessionDeps();
    const next = createSessionManager(deps, { initial: initial.current });
    const unsubscribe = next.subscribe((event, _session, detail) => {
      if (event === "SIGNED_OUT") navigate(signedOutTarget(here.current, detail.reason));
    });
    setManager(next);
    void next.start();
    return () => {
      unsubscribe();
      next.stop();
      deps.channel?.close();
      setManager(null);
    };
  }, [navigate]);

  return (
    <SessionManagerContext.Provider value={manager}>
      {props.children}
    </SessionManagerContext.Provider>
  );
}

import { isRouteErrorResponse, useRouteError } from "react-router";
import { Forbidden } from "#app/components/Forbidden.tsx";
import { RouteError } from "./RouteError.tsx";

/**
 * The error view of admin and operator screens: the server's refusal for those it turns away
 * (requireRole says who may enter), else the screen's message.
 */
export function AdminErrorBoundary({ message }: { message: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Forbidden
        message={typeof error.data === "string" ? error.data : "You cannot see this page."}
        hint="Ask an administrator of your company if you need this information."
      />
    );
  }
  return <RouteError message={message} />;
}

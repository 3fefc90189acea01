import { data } from "react-router";
import { NotFound } from "#app/components/NotFound.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Carrierline" }];

export default function NotFoundRoute() {
  return <NotFound />;
}

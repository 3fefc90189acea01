import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/portal/layout.tsx", [index("routes/portal/home.tsx")]),
] satisfies RouteConfig;

import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** Portal tools whose screens arrive in later releases; each shows the coming-soon page. */
const COMING_SOON = [
  "agent",
  "bill-analyzer",
  "quotes/new",
  "deals",
  "deals/new",
  "customers",
  "customers/new",
  "reports",
];

export default [
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("features", "routes/site/features.tsx"),
    route("how-it-works", "routes/site/how-it-works.tsx"),
    route("about", "routes/site/about.tsx"),
    route("legal", "routes/site/legal.tsx"),
    route("join", "routes/site/join.tsx"),
    route("docs/certified-devices", "routes/site/docs-certified-devices.tsx"),
    route("blog", "routes/blog/index.tsx"),
    route("blog/new", "routes/blog/new.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/login-two-factor.tsx"),
  route("login/code", "routes/auth/login-code.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("accept-invite", "routes/auth/accept-invite.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("dashboard", "routes/portal/layout.tsx", [
    index("routes/portal/home.tsx"),
    ...COMING_SOON.map((path) =>
      route(path, "routes/portal/coming-soon.tsx", { id: `coming-soon/${path}` }),
    ),
    route("account", "routes/portal/account.tsx"),
    route("plans", "routes/portal/plans.tsx"),
    route("promos", "routes/portal/promos.tsx"),
    route("resources", "routes/portal/resources.tsx"),
    route("devices", "routes/portal/devices.tsx"),
    route("admin/users", "routes/portal/admin/users.tsx"),
    route("admin/waitlist", "routes/portal/admin/waitlist.tsx"),
    route("admin/outbox", "routes/portal/admin/outbox.tsx"),
    route("*", "routes/portal/not-found.tsx"),
  ]),
] satisfies RouteConfig;

// Read only by `npm run auth:generate`: the Better Auth CLI needs an auth instance to derive the
// drizzle schema from. It never runs in the server.
import { betterAuth } from "better-auth";
import { authModelOptions, authPlugins } from "#server/auth/options.ts";

export const auth = betterAuth({ ...authModelOptions, plugins: authPlugins() });

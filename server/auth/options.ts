import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { username } from "better-auth/plugins/username";

/**
 * The parts of the Better Auth configuration that shape the database. Shared by the running server
 * and by `npm run auth:generate` (which writes server/db/auth-schema.ts), so the two cannot drift.
 */
export const authModelOptions = {
  user: {
    // The spec calls the profile table agent_users; the auth user row *is* the agent profile.
    modelName: "agent_users",
    additionalFields: {
      // Set by invitation or seed, never by the browser (input: false).
      companyId: { type: "string", required: false, input: false },
      company: { type: "string", required: false },
      phone: { type: "string", required: false },
      notificationsEnabled: {
        type: "boolean",
        required: false,
        defaultValue: true,
      },
    },
  },
  session: { modelName: "auth_sessions" },
  account: { modelName: "auth_accounts" },
  verification: { modelName: "auth_verifications" },
  rateLimit: { modelName: "auth_rate_limits", storage: "database" },
} satisfies Partial<BetterAuthOptions>;

/** Keeps the plugin list a tuple, so Better Auth can infer each plugin's fields and endpoints. */
const pluginTuple = <T extends BetterAuthPlugin[]>(...plugins: T): T => plugins;

export function authPlugins() {
  return pluginTuple(
    username({ minUsernameLength: 3, maxUsernameLength: 40 }),
    admin({ defaultRole: "agent", adminRoles: ["admin"] }),
    twoFactor({ issuer: "Carrierline", schema: { twoFactor: { modelName: "auth_two_factors" } } }),
  );
}

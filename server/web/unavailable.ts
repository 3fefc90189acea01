import { data, type ServerBuild } from "react-router";
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "#server/db/unavailable.ts";
import type { Logger } from "#server/platform/logger.ts";

type Build = ServerBuild | (() => ServerBuild | Promise<ServerBuild>);

/**
 * Pages answer 503 with Retry-After while the database is away, as the JSON API does (decision
 * 0012). React Router turns whatever a loader, action or middleware throws into a 500, except a
 * thrown response, whose status it keeps and whose text the error boundary shows. So every one of
 * them is wrapped here, once, when the server starts: a database outage thrown from any of them
 * becomes a thrown 503 with the "briefly unavailable" text; any other error goes on as it was.
 */
export function withUnavailablePages(build: Build, logger: Logger): Build {
  if (typeof build !== "function") return wrapBuild(build, logger);
  // Development hands a fresh build after each edit: wrap each one once.
  const wrapped = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const current = await build();
    let result = wrapped.get(current);
    if (!result) {
      result = wrapBuild(current, logger);
      wrapped.set(current, result);
    }
    return result;
  };
}

function wrapBuild(build: ServerBuild, logger: Logger): ServerBuild {
  const rethrow = (error: unknown): never => {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, "the database is unavailable; the page answers 503");
    throw data(UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action, middleware } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: guard(loader, rethrow) } : {}),
        ...(action ? { action: guard(action, rethrow) } : {}),
        ...(middleware ? { middleware: middleware.map((m) => guard(m, rethrow)) } : {}),
      },
    };
  }
  return { ...build, routes };
}

type Rethrow = (error: unknown) => never;

/** The same function, with its failures passed through `rethrow`. */
function guard<Args extends unknown[], Result>(
  fn: (...args: Args) => Result | Promise<Result>,
  rethrow: Rethrow,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      return rethrow(error);
    }
  };
}

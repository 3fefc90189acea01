import {
  Form,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "react-router";
import { Chat } from "#app/components/assistant/Chat.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { MessageSquarePlus, Trash } from "#app/components/ui/icons.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatDate } from "#app/lib/format.ts";
import { CONVERSATION_NOT_FOUND, conversationIdSchema } from "#app/lib/schemas/assistant.ts";
import {
  deleteConversation,
  getConversation,
  lastConversation,
  listConversations,
} from "#server/assistant/index.ts";
import { notFound } from "#server/platform/errors.ts";
import { answerAction, answerLoader, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { formFields, readForm } from "#server/web/forms.ts";
import type { Route } from "./+types/agent";

export const meta: Route.MetaFunction = () => [{ title: "AI Sales Assistant | Carrierline" }];

/**
 * The agent's conversations and the one to show: `?c=<id>` (another agent's: 404), a fresh one
 * with `?new`, else the newest (the chat reopens where the agent left it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const params = new URL(request.url).searchParams;
  const chosen = params.get("c");
  const conversations = await listConversations(ctx);
  const current = params.has("new")
    ? null
    : chosen !== null
      ? await answerLoader(async () => {
          const id = conversationIdSchema.safeParse({ id: chosen });
          if (!id.success) throw notFound(CONVERSATION_NOT_FOUND);
          return getConversation(ctx, id.data);
        })
      : await lastConversation(ctx);
  return {
    conversations: conversations.map((c) => ({
      id: c.id,
      title: c.title,
      updatedAt: c.updatedAt.getTime(),
    })),
    current: current
      ? {
          id: current.id,
          messages: current.messages.map((m) => ({
            id: m.id,
            text: m.content,
            isUser: m.isUser,
            timestamp: m.createdAt.getTime(),
          })),
        }
      : null,
  };
}

/** Deletes one of the agent's conversations (another agent's: not found), then shows the newest. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const fields = formFields(await readForm(request));
  const id = conversationIdSchema.safeParse({ id: fields.id });
  if (fields.intent !== "delete" || !id.success) return invalidForm({}, "Choose a conversation");
  return answerAction(async () => {
    await deleteConversation(ctx, id.data);
    return redirect("/dashboard/agent");
  });
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the conversation" />;
}

/** The history state a new conversation's first answer moves to its address with. */
type ChatFocusState = { focusChat: true };

function focusesChat(state: unknown): state is ChatFocusState {
  return (
    typeof state === "object" && state !== null && "focusChat" in state && state.focusChat === true
  );
}

export default function Agent({ loaderData }: Route.ComponentProps) {
  const { conversations, current } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const navigation = useNavigation();

  const history = (
    // p-1: the keyboard's focus outline (2 px, 2 px off) stays inside the scrolling box around
    // the list, which cut it off at the edges.
    <nav aria-label="Conversations" className="space-y-2 p-1">
      <Link to="?new" className={buttonClass("secondary", "w-full")}>
        <Icon icon={MessageSquarePlus} className="size-4" />
        New conversation
      </Link>
      {conversations.length === 0 ? (
        <p className="px-1 text-sm text-slate-500 dark:text-slate-400">No conversations yet</p>
      ) : (
        <ul className="space-y-1">
          {conversations.map((c) => (
            <li
              key={c.id}
              className={`group flex items-center gap-1 rounded-lg ${c.id === current?.id ? "bg-brand-50 dark:bg-brand-700/20" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            >
              <Link
                to={`?c=${c.id}`}
                aria-current={c.id === current?.id ? "page" : undefined}
                className="min-w-0 flex-1 px-3 py-2"
              >
                <span className="block truncate text-sm font-medium">{c.title}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  <LocalTime date={c.updatedAt} format={formatDate} />
                </span>
              </Link>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={c.id} />
                <button
                  type="submit"
                  disabled={navigation.state !== "idle"}
                  aria-label={`Delete conversation: ${c.title}`}
                  className="rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950/50 dark:hover:text-red-300"
                >
                  <Icon icon={Trash} className="size-4" />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );

  return (
    // The page is the window's height under the header: the chat takes what the conversations
    // list leaves, so the page itself does not scroll (the messages do).
    <main className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl flex-col gap-4 px-3 py-4 sm:px-6 lg:flex-row lg:py-6">
      <aside className="hidden w-64 shrink-0 overflow-y-auto lg:block">{history}</aside>
      <details className="rounded-xl border border-slate-200 bg-white px-3 py-2 lg:hidden dark:border-slate-800 dark:bg-slate-900">
        <summary className="cursor-pointer text-sm font-semibold">
          Conversations ({conversations.length})
        </summary>
        <div className="mt-2 max-h-[40dvh] overflow-y-auto">{history}</div>
      </details>
      <Chat
        key={current?.id ?? "new"}
        streamUrl="/api/chat/stream"
        conversationId={current?.id ?? null}
        messages={current?.messages ?? []}
        className="flex-1"
        // The chat remounts under its new key: the agent was typing in it, so the box keeps focus.
        autoFocus={focusesChat(location.state)}
        onAnswered={(id, wasNew) => {
          if (wasNew) {
            const state: ChatFocusState = { focusChat: true };
            navigate(`?c=${id}`, { replace: true, preventScrollReset: true, state });
          } else revalidator.revalidate();
        }}
      />
    </main>
  );
}

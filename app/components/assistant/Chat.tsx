import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Bot, LoaderCircle, SendHorizontal } from "#app/components/ui/icons.ts";
import {
  ASSISTANT_GREETING,
  CHAT_FAILED,
  CHAT_MESSAGE_MAX,
  CHAT_NETWORK_FAILED,
} from "#app/lib/schemas/assistant.ts";

// The markdown renderer (react-markdown and remark-gfm, 47 KB of script) loads when there is an
// answer to draw: a fresh chat draws only the greeting, which is plain text (decision 0034). An
// answer rendered on the server stays as the server drew it until the renderer has loaded.
const loadAnswer = () => import("./Answer.tsx");
const LazyAnswer = lazy(() => loadAnswer().then((module) => ({ default: module.Answer })));

function Answer({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
      <LazyAnswer text={text} />
    </Suspense>
  );
}

/** The spec's chat message: text, isUser, timestamp (ms). */
export type ChatMessage = { id: string; text: string; isUser: boolean; timestamp: number };

type Props = {
  /** Where a message is posted; the answer streams back as text. */
  streamUrl: string;
  conversationId: string | null;
  messages: ChatMessage[];
  /** What the chat opens with: behind the gate, one that offers the public catalog alone. */
  greeting?: string;
  /** Focus the message box on mount: the page replaced a chat the agent was typing in. */
  autoFocus?: boolean;
  /** After an answer has been read to its end, with the conversation it went into. */
  onAnswered?: (conversationId: string, wasNew: boolean) => void;
  className?: string;
};

/** The message the server refused with ("message", else "error"), or the spec's fallback. */
async function refusalMessage(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  if (typeof body === "object" && body !== null) {
    if ("message" in body && typeof body.message === "string" && body.message) return body.message;
    if ("error" in body && typeof body.error === "string" && body.error) return body.error;
  }
  return CHAT_FAILED;
}

/**
 * The assistant chat (spec: Assistant chat): the greeting, the messages, an input and Send. While
 * sending both are disabled and a 'Thinking...' bubble shows until the answer starts; the answer
 * is shown as it streams in; the view scrolls smoothly to the newest message.
 */
export function Chat({
  streamUrl,
  conversationId,
  messages: initial,
  greeting = ASSISTANT_GREETING,
  autoFocus = false,
  onAnswered,
  className = "",
}: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>(initial);
  const [conversation, setConversation] = useState(conversationId);
  const [input, setInput] = useState("");
  const [sending, setSending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const firstScroll = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a message, the stream or the bubble changes.
  useEffect(() => {
    // The reopened conversation jumps to its end; what arrives after glides there.
    endRef.current?.scrollIntoView({
      behavior: firstScroll.current ? "auto" : "smooth",
      block: "end",
    });
    firstScroll.current = false;
  }, [messages, streaming, sending, error]);

  // Back to the box once it is enabled again, so the next question can be typed straight away:
  // focusing it as the send ends found it still disabled (React had not drawn it yet).
  const sent = useRef(false);
  useEffect(() => {
    if (!sending && sent.current) inputRef.current?.focus();
  }, [sending]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (text === "" || sending) return;
    // Fetched while the question is on its way, so the answer streams in as markdown.
    void loadAnswer();
    setInput("");
    setError(null);
    setSending(true);
    sent.current = true;
    setMessages((list) => [
      ...list,
      { id: `local-${Date.now()}`, text, isUser: true, timestamp: Date.now() },
    ]);
    try {
      const res = await fetch(streamUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          message: text,
          ...(conversation ? { conversationId: conversation } : {}),
        }),
      });
      if (!res.ok || !res.body) {
        setError(await refusalMessage(res));
        return;
      }
      const id = res.headers.get("x-conversation-id") ?? conversation ?? "";
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let answer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        answer += value;
        setStreaming(answer);
      }
      setMessages((list) => [
        ...list,
        { id: `answer-${Date.now()}`, text: answer, isUser: false, timestamp: Date.now() },
      ]);
      setStreaming(null);
      const wasNew = conversation === null;
      setConversation(id);
      onAnswered?.(id, wasNew);
    } catch {
      setStreaming(null);
      setError(CHAT_NETWORK_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-label="AI Sales Assistant"
      className={`flex min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-700/20 dark:text-brand-100">
          <Icon icon={Bot} />
        </span>
        <div>
          <h3 className="font-semibold">AI Sales Assistant</h3>
          <p className="flex items-center gap-1.5 text-xs text-emerald-700 dark:text-emerald-400">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Online
          </p>
        </div>
      </header>

      <ol aria-live="polite" className="min-h-0 flex-1 space-y-4 overflow-y-auto px-3 py-4 sm:px-4">
        <Bubble isUser={false}>
          {/* What Answer draws for it: the greeting is one paragraph of plain text. */}
          <p className="my-2 first:mt-0 last:mb-0">{greeting}</p>
        </Bubble>
        {messages.map((m) => (
          <Bubble key={m.id} isUser={m.isUser}>
            {m.isUser ? <p className="whitespace-pre-wrap">{m.text}</p> : <Answer text={m.text} />}
          </Bubble>
        ))}
        {streaming !== null ? (
          <Bubble isUser={false}>
            <Answer text={streaming} />
          </Bubble>
        ) : sending ? (
          <Bubble isUser={false}>
            <p className="flex items-center gap-2 text-slate-500 dark:text-slate-400">
              <Icon icon={LoaderCircle} className="size-4 animate-spin" />
              Thinking...
            </p>
          </Bubble>
        ) : null}
        {error ? (
          <li
            role="alert"
            className="mx-auto max-w-md rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-center text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </li>
        ) : null}
        <li ref={endRef} aria-hidden="true" />
      </ol>

      <form
        onSubmit={send}
        className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
      >
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={1}
          value={input}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={sending}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="Ask about plans, devices…"
          className="max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950"
        />
        <button
          type="submit"
          disabled={sending || input.trim() === ""}
          className={buttonClass("primary", "h-10")}
        >
          <Icon icon={SendHorizontal} className="size-4" />
          <span className="hidden sm:inline">Send</span>
          <span className="sr-only sm:hidden">Send</span>
        </button>
      </form>
    </section>
  );
}

function Bubble({ isUser, children }: { isUser: boolean; children: React.ReactNode }) {
  return (
    <li className={`flex ${isUser ? "justify-end" : "justify-start"}`}>
      {/* A long URL or word breaks inside the bubble: unbroken, it widened the bubble past the
          phone's screen and the message list scrolled sideways. Tables scroll within themselves. */}
      <div
        data-role={isUser ? "user" : "assistant"}
        className={`max-w-[92%] [overflow-wrap:anywhere] rounded-2xl px-4 py-2.5 text-sm leading-6 sm:max-w-[80%] ${
          isUser
            ? "rounded-br-sm bg-brand-600 text-white"
            : "rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        }`}
      >
        {children}
      </div>
    </li>
  );
}

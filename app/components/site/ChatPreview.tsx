import { Icon } from "#app/components/ui/icon.tsx";
import { Send, Sparkles } from "#app/components/ui/icons.ts";

/**
 * The hero's mock assistant panel (public-site spec: decorative, one greeting, an input and a send
 * button that do nothing). Hidden from assistive technology, and its controls are inert.
 */
export function ChatPreview() {
  return (
    <div
      aria-hidden="true"
      className="flex h-[28rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white/90 shadow-2xl shadow-brand-900/10 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90"
    >
      <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <span className="grid size-9 place-items-center rounded-full bg-brand-600 text-white">
          <Icon icon={Sparkles} className="size-5" />
        </span>
        <div>
          <p className="text-sm font-semibold">Carrierline Assistant</p>
          <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <span className="size-2 rounded-full bg-emerald-500" /> Online
          </p>
        </div>
      </div>
      <div className="flex-1 space-y-4 overflow-hidden p-5">
        <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-sm leading-6 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          Hi! I'm your Carrierline sales assistant. Tell me about your customer: how many lines,
          which carrier they use today and what they pay. I'll line up AT&amp;T, Verizon and
          T-Mobile business plans side by side, with the certified devices to match.
        </div>
      </div>
      <div className="flex items-center gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
        <input
          disabled
          tabIndex={-1}
          placeholder="e.g. 25 lines on Verizon, paying $1,900 a month"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="button"
          disabled
          tabIndex={-1}
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-600 text-white"
        >
          <Icon icon={Send} className="size-4" />
        </button>
      </div>
    </div>
  );
}

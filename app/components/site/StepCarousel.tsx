import { type KeyboardEvent, useEffect, useState } from "react";
import { Icon, type IconComponent } from "#app/components/ui/icon.tsx";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons.ts";
import { CheckList } from "./Section.tsx";

/** Public-site spec §9: advances every 6 s; pauses 5 s after manual navigation. */
export const CAROUSEL_ADVANCE_MS = 6000;
export const CAROUSEL_RESUME_MS = 5000;

export type CarouselStep = {
  title: string;
  body: string;
  icon: IconComponent;
  points: readonly string[];
};

/**
 * The how-it-works carousel, after the WAI-ARIA carousel pattern: previous/next and one button per
 * step, arrow keys, a pause control, and a polite live region only while it is not rotating.
 */
export function StepCarousel({ steps, label }: { steps: readonly CarouselStep[]; label: string }) {
  const [active, setActive] = useState(0);
  // Manual navigation holds the rotation for a while (a new press restarts the wait); the pause
  // button stops it until play is pressed.
  const [heldAt, setHeldAt] = useState<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const held = heldAt !== null;

  useEffect(() => {
    // Visitors who ask for less motion get a still carousel until they press play.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (held || stopped) return;
    const timer = window.setInterval(
      () => setActive((current) => (current + 1) % steps.length),
      CAROUSEL_ADVANCE_MS,
    );
    return () => window.clearInterval(timer);
  }, [held, stopped, steps.length]);

  useEffect(() => {
    if (heldAt === null) return;
    const timer = window.setTimeout(() => setHeldAt(null), CAROUSEL_RESUME_MS);
    return () => window.clearTimeout(timer);
  }, [heldAt]);

  const goTo = (index: number) => {
    setActive((index + steps.length) % steps.length);
    setHeldAt(performance.now());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") goTo(active + 1);
    else if (event.key === "ArrowLeft") goTo(active - 1);
    else return;
    event.preventDefault();
  };

  const rotating = !held && !stopped;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
      data-rotating={rotating}
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap gap-2">
          {steps.map((step, index) => (
            <button
              key={step.title}
              type="button"
              aria-label={`Step ${index + 1}: ${step.title}`}
              aria-current={index === active ? "step" : undefined}
              onClick={() => goTo(index)}
              // A 24 px target around a small dot (WCAG 2.5.8 target size).
              className="group grid h-6 min-w-6 place-items-center"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${
                  index === active
                    ? "w-8 bg-brand-600 dark:bg-brand-400"
                    : "w-2.5 bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-700 dark:group-hover:bg-slate-600"
                }`}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {stopped ? "Play" : "Pause"}
          </button>
          <ArrowButton direction="previous" onClick={() => goTo(active - 1)} />
          <ArrowButton direction="next" onClick={() => goTo(active + 1)} />
        </div>
      </div>
      <div aria-live={rotating ? "off" : "polite"} className="mt-8 grid">
        {steps.map((step, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group.
          <div
            key={step.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${steps.length}`}
            aria-hidden={index !== active}
            // Every slide shares one grid cell, so the carousel is as tall as its tallest slide
            // and rotating never shifts the page below it.
            className={`grid gap-8 [grid-area:1/1] md:grid-cols-[auto_1fr] ${index === active ? "" : "invisible"}`}
          >
            <span className="grid size-16 place-items-center rounded-2xl bg-brand-600 text-white">
              <Icon icon={step.icon} className="size-8" />
            </span>
            <div>
              <p className="text-sm font-semibold text-brand-700 dark:text-brand-400">
                Step {index + 1} of {steps.length}
              </p>
              <h3 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{step.title}</h3>
              <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
                {step.body}
              </p>
              <CheckList items={step.points} className="mt-5 grid gap-2 sm:grid-cols-2" />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

function ArrowButton(props: { direction: "previous" | "next"; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={props.direction === "next" ? "Next step" : "Previous step"}
      onClick={props.onClick}
      className="rounded-lg border border-slate-300 p-1.5 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      <Icon icon={props.direction === "next" ? ChevronRight : ChevronLeft} />
    </button>
  );
}

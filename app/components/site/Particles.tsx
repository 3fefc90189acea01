import { useEffect, useRef } from "react";

/** The landing page's floating background particles (public-site spec §9). */
export const PARTICLE_COUNT = 50;

/**
 * Positions come from a fixed-seed generator, so the server's HTML and the browser's render agree.
 * Motion is a CSS transform animation on the compositor: no script runs per frame.
 */
function particles() {
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  return Array.from({ length: PARTICLE_COUNT }, (_, index) => ({
    id: index,
    left: next() * 100,
    top: next() * 100,
    size: 2 + Math.round(next() * 4),
    duration: 14 + Math.round(next() * 16),
    delay: -Math.round(next() * 30),
    opacity: 0.25 + next() * 0.45,
  }));
}

const PARTICLES = particles();

export function Particles() {
  const ref = useRef<HTMLDivElement>(null);

  // Hidden tabs keep nothing moving; the CSS pauses every animation under data-paused.
  useEffect(() => {
    const sync = () => {
      if (ref.current) ref.current.dataset.paused = String(document.hidden);
    };
    sync();
    document.addEventListener("visibilitychange", sync);
    return () => document.removeEventListener("visibilitychange", sync);
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      className="particles pointer-events-none absolute inset-0 overflow-hidden"
    >
      {PARTICLES.map((p) => (
        <span
          key={p.id}
          className="particle absolute rounded-full bg-brand-500 dark:bg-brand-400"
          style={{
            left: `${p.left.toFixed(2)}%`,
            top: `${p.top.toFixed(2)}%`,
            width: p.size,
            height: p.size,
            opacity: Number(p.opacity.toFixed(2)),
            animationDuration: `${p.duration}s`,
            animationDelay: `${p.delay}s`,
          }}
        />
      ))}
    </div>
  );
}

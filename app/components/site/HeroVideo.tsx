import { useEffect, useRef, useState } from "react";

/** The how-it-works clip: recorded from the portal itself by scripts/record-how-it-works.ts. */
export const HERO_VIDEO = {
  src: "/media/how-it-works.webm",
  poster: "/media/how-it-works-poster.webp",
  width: 1280,
  height: 720,
} as const;

/**
 * A short muted loop with a poster. It starts only once the page's script decides motion is
 * welcome (not under prefers-reduced-motion), and it has a visible pause control.
 */
export function HeroVideo({ label }: { label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    element.play().catch(() => {
      // Autoplay refused (data saver, power saving): the poster stays and the button offers play.
    });
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };

  return (
    <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-2xl dark:border-slate-800">
      <video
        ref={video}
        className="block aspect-video h-auto w-full"
        width={HERO_VIDEO.width}
        height={HERO_VIDEO.height}
        poster={HERO_VIDEO.poster}
        muted
        loop
        playsInline
        preload="none"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={HERO_VIDEO.src} type="video/webm" />
      </video>
      <button
        type="button"
        onClick={toggle}
        className="absolute bottom-3 right-3 rounded-lg bg-slate-950/75 px-3 py-1.5 text-sm font-medium text-white backdrop-blur hover:bg-slate-950"
      >
        {playing ? "Pause video" : "Play video"}
      </button>
    </div>
  );
}

import { useEffect, useState } from "react";
import { formatDateTime } from "#app/lib/format.ts";

/**
 * A time in the reader's own time zone. The server renders it in its zone; once mounted, the
 * element is re-created with the browser's (a new key), so hydration neither warns nor keeps
 * the server's hour.
 */
export function LocalTime({
  date,
  format = formatDateTime,
}: {
  /** A Date, or milliseconds since the epoch. */
  date: Date | number;
  format?: (date: Date | number) => string;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <time
      key={mounted ? "local" : "server"}
      dateTime={new Date(date).toISOString()}
      suppressHydrationWarning
    >
      {format(date)}
    </time>
  );
}

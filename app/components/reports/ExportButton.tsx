import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Download } from "#app/components/ui/icons.ts";
import { toast } from "#app/components/ui/toast.tsx";

const FILE_NAME = /filename="([^"]+)"/;

/**
 * Downloads a report file through fetch rather than a plain link, so a failed export is told to
 * the agent (a toast with the reason) instead of being lost in the browser's downloads (the old
 * app only logged it).
 */
export function ExportButton(props: { href: string; report: string }) {
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      const res = await fetch(props.href, { headers: { Accept: "application/octet-stream" } });
      if (!res.ok) {
        const reason = res.status === 400 ? await res.text() : "Try again in a moment.";
        throw new Error(reason);
      }
      const name =
        FILE_NAME.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "report.xlsx";
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error(`${props.report} export failed`, error);
      const reason =
        error instanceof Error && error.message ? error.message : "Try again in a moment.";
      toast.error(
        `${props.report} export failed`,
        reason === "Failed to fetch" ? "Try again in a moment." : reason,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      className="shrink-0"
      onClick={exportFile}
      disabled={busy}
      aria-label={`Export ${props.report}`}
    >
      <Icon icon={Download} className="size-4" />
      {busy ? "Exporting..." : "Export"}
    </Button>
  );
}

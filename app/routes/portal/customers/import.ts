import { data } from "react-router";
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  type CustomerImportLine,
  customerImportOptionsSchema,
} from "#app/lib/schemas/customer-import.ts";
import { importCustomers, readCustomerCsv } from "#server/customers/index.ts";
import { readCsvUpload } from "#server/platform/csv-upload.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { userCtx } from "#server/web/context.ts";
import { formFields, readForm } from "#server/web/forms.ts";
import type { Route } from "./+types/import";

/** Nothing to read here: the import is a POST of the customer list's import panel. */
export function loader() {
  throw data("Import customers from the customer list.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

/**
 * The customer import's commit, behind the portal guard like every /dashboard route: the file
 * again (the server keeps nothing between the preview and this), the mapping and the duplicates
 * choice. The answer is NDJSON: a progress line per batch, then the summary or the error. The
 * whole import is one transaction: a failure, or the browser going away (Cancel aborts the
 * request), leaves nothing behind.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const form = await readForm(request);
  const refused = (error: string) => data({ error }, { status: 400 });
  const upload = await readCsvUpload(form, CUSTOMER_IMPORT_MAX_BYTES);
  if (!upload.ok) return refused(upload.errors.join(" "));
  const options = customerImportOptionsSchema.safeParse(formFields(form));
  if (!options.success) return refused("The column mapping is not valid.");
  try {
    // The file's own problems answer at once, before the stream starts.
    readCustomerCsv(upload.text);
  } catch (error) {
    if (isDomainError(error)) return refused(error.message);
    throw error;
  }

  const log = ctx.ports.logger;
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  const encoder = new TextEncoder();
  // False once the stream is closed or its reader has gone.
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (line: CustomerImportLine) => {
        if (!open) throw new Error("the import's reader has gone");
        controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      const finish = () => {
        if (!open) return;
        open = false;
        controller.close();
      };
      void importCustomers(ctx, {
        text: upload.text,
        options: options.data,
        signal: abort.signal,
        onProgress: (done, total) => send({ type: "progress", done, total }),
      }).then(
        (summary) => {
          send({ type: "done", ...summary });
          finish();
        },
        (error: unknown) => {
          if (abort.signal.aborted || !open) {
            log.info("customer import cancelled; nothing was written");
            finish();
            return;
          }
          if (isDomainError(error)) send({ type: "error", message: error.message });
          else {
            log.error({ err: error }, "customer import failed; nothing was written");
            send({ type: "error", message: "Failed to import customers" });
          }
          finish();
        },
      );
    },
    cancel() {
      open = false;
      abort.abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

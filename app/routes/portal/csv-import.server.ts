import { data } from "react-router";
import { requireCatalogWriter } from "#server/catalog/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { ImportResult } from "#server/platform/csv.ts";
import { readCsvUpload } from "#server/platform/csv-upload.ts";
import { isDomainError } from "#server/platform/errors.ts";

/**
 * The action of a catalog screen's CSV import panel (plans, devices): reads the uploaded file and
 * runs the area's import, answering in the panel's shape, `{ ok, imported }` or `{ ok, errors }`.
 * Anyone but a platform operator is refused (403, in that shape too) before the upload is read:
 * a refused person's megabytes are never parsed.
 */
export async function csvImportAction(
  request: Request,
  ctx: UserContext,
  options: { maxBytes: number; run: (ctx: UserContext, text: string) => Promise<ImportResult> },
) {
  try {
    requireCatalogWriter(ctx);
    const upload = await readCsvUpload(await request.formData(), options.maxBytes);
    if (!upload.ok) return data(upload, { status: statusOf("invalid") });
    const result = await options.run(ctx, upload.text);
    return data(result, { status: result.ok ? 200 : statusOf("invalid") });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data<ImportResult>(
      { ok: false, errors: [error.message] },
      { status: statusOf(error.kind) },
    );
  }
}

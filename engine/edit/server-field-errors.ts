import type { EditBody } from '../definition/types';
import { fieldLabel } from '../text';
import type { FieldErrorDetail } from '../services';

/** How the server's answer to a request its schema refused begins (server/http/validation-words.ts). */
export const SCHEMA_REFUSAL = '요청 값이 올바르지 않습니다';

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The server's field errors (`body/title`, `body/lines`, `body/lines/0/unitPrice`) as sentences that
 * name each field as the screen labels it — a form field by its label, a grid by its title, a cell by
 * the grid, its row and its column — so a refusal never shows the body's raw names. `sent` says which
 * grid a body list holds (a body key may differ from the grid's id). A path naming nothing on the
 * screen is left out: the message of the answer says it instead.
 */
export function namedFieldErrors(
  errors: readonly FieldErrorDetail[],
  body: EditBody,
  sent: Record<string, { detail: string }>,
  t: Translate,
): string[] {
  const fields = body.sections.flatMap((s) => s.fields);
  const out: string[] = [];
  for (const e of errors) {
    const [root, name, row, column] = e.path.split('/');
    if (root !== 'body' || !name) continue;
    const field = fields.find((f) => f.field === name);
    const detail = body.details?.find((d) => d.id === (sent[name]?.detail ?? name));
    let label: string | undefined;
    if (field) label = fieldLabel(t, field);
    else if (detail) {
      const title = detail.title ? t(detail.title) : t('engine.detailRows');
      const col = column ? detail.columns.find((c) => c.field === column) : undefined;
      label =
        row !== undefined && /^\d+$/.test(row)
          ? t('engine.cellLabel', { detail: title, row: Number(row) + 1, column: col ? fieldLabel(t, col) : '' }).trim()
          : title;
    }
    if (label) out.push(`${label}: ${e.message}`);
  }
  return [...new Set(out)];
}

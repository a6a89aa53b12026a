/**
 * Why personal data is downloaded (개인정보의 안전성 확보조치 기준; docs/privacy.md): before the Excel
 * file of a list whose operation answers personal data (`personalData: 'list'` in the operation
 * table) is made, the user picks a reason and writes a sentence; the export carries it, or the
 * browser's own file is recorded with it (`recordPersonalDataDownload`) before it is saved.
 */
import { DOWNLOAD_REASON_TEXT, DOWNLOAD_REASONS, type DownloadReasonCode } from '../../lib/personal-data';
import type { PersonalDownloadShape } from '../../lib/personal-download';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { PromptDef } from '../definition/types';
import type { ExprScope } from '../expr/expr';
import type { Translate } from '../text';

export interface DownloadReason {
  code: DownloadReasonCode;
  text: string;
}

/** The subject's key and the fields a download's record may name, for a personal-data list (null otherwise). */
export function downloadShape(operation: string): PersonalDownloadShape | null {
  if (!isOperationId(operation)) return null;
  const info = operations[operation] as { personalDownload?: PersonalDownloadShape };
  return info.personalDownload ?? null;
}

/** True when the list operation's rows hold personal data: its download needs a reason. */
export function downloadNeedsReason(operation: string): boolean {
  return isOperationId(operation) && operations[operation].personalData === 'list';
}

const DOWNLOAD_REASON_PROMPT: PromptDef = {
  title: 'engine.downloadReason.title',
  message: 'engine.downloadReason.message',
  fields: [
    {
      field: 'code',
      label: 'engine.downloadReason.code',
      widget: 'select',
      required: true,
      emptyOption: 'choose',
      options: DOWNLOAD_REASONS.map((code) => ({ value: code, text: `engine.downloadReason.${code}` })),
    },
    {
      field: 'text',
      label: 'engine.downloadReason.text',
      widget: 'textarea',
      required: true,
      maxLength: DOWNLOAD_REASON_TEXT.max,
      help: 'engine.downloadReason.help',
    },
  ],
};

/** What the prompt answered, as the server takes it; a message when it cannot be taken. */
function readDownloadReason(values: Record<string, unknown>, t: Translate): DownloadReason | { problem: string } {
  const code = values.code;
  const text = typeof values.text === 'string' ? values.text.trim() : '';
  if (typeof code !== 'string' || !(DOWNLOAD_REASONS as readonly string[]).includes(code))
    return { problem: t('engine.downloadReason.codeMissing') };
  if (text.length < DOWNLOAD_REASON_TEXT.min)
    return { problem: t('engine.downloadReason.tooShort', { min: DOWNLOAD_REASON_TEXT.min }) };
  return { code: code as DownloadReasonCode, text: text.slice(0, DOWNLOAD_REASON_TEXT.max) };
}

interface Asker {
  prompt(
    def: PromptDef,
    options: { title: string; message?: string; scope: ExprScope; where?: string },
  ): Promise<Record<string, unknown> | null>;
  alert(message: string): Promise<void>;
}

/** Asks until a reason the server takes is given; null when the user cancels. */
export async function askDownloadReason(frame: Asker, t: Translate, scope: ExprScope): Promise<DownloadReason | null> {
  for (;;) {
    const values = await frame.prompt(DOWNLOAD_REASON_PROMPT, {
      title: t('engine.downloadReason.title'),
      scope,
      where: 'engine/export/download-reason',
    });
    if (!values) return null;
    const reason = readDownloadReason(values, t);
    if (!('problem' in reason)) return reason;
    await frame.alert(reason.problem);
  }
}

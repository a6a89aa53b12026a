import { defineEditScreen } from '../../engine/define';
import { s, sf } from './labels';

/**
 * Opened in a dialog from /linkageIndexManage: index values from a file (docs/subcontracting.md "The 기준 지표").
 * The template to download (지표 코드, 기준일, 지표값; its notes sheet lists the indexes in use), the filled .xlsx
 * or .csv to attach; 올리기 writes every row or, when one is wrong, none — the refusal lists every row's errors.
 */
export default defineEditScreen({
  id: 'subcontracting.linkageIndexImport',
  title: s('linkageIndexImport.title'),
  labels: 'screen.subcon.f',
  menu: '/linkageIndexManage',
  confirmLeave: false,
  sections: [
    {
      columns: 1,
      fields: [
        {
          field: 'template',
          label: sf('indexTemplate'),
          widget: 'files',
          readOnly: 'true',
          help: s('h.indexFile'),
          valueFrom: { operation: 'getLinkageIndexTemplateFiles', value: 'files' },
        },
      ],
    },
  ],
  attachments: { field: 'fileId', kind: 'any', label: sf('indexFile') },
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      id: 'importValues',
      label: s('a.importValues'),
      operation: 'importLinkageIndexValues',
      variant: 'primary',
      confirm: s('p.importConfirm'),
      enabled: '!empty(form.fileId)',
      disabledReason: [{ when: 'empty(form.fileId)', text: s('h.attachFirst') }],
      params: { body: { fileId: 'form.fileId' } },
      success: s('done.importValues'),
    },
  ],
});

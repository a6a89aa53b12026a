import {
  drawTextCell,
  GridCellKind,
  type CustomCell,
  type CustomRenderer,
  type ProvideEditorComponent,
} from '@glideapps/glide-data-grid';
import { isCodeCell, type CodeCell } from './grid-model';

/** Editor of a code cell: a native select over the column's codeOptions (keyboard and screen readers work). */
const CodeEditor: ProvideEditorComponent<CodeCell> = ({ value, onChange, onFinishedEditing }) => {
  const { options } = value.data;
  return (
    <select
      autoFocus
      value={value.data.value}
      style={{
        width: '100%',
        height: '100%',
        minHeight: 26,
        border: 0,
        font: 'inherit',
        fontSize: 13,
        background: '#fff',
      }}
      onChange={(e) => {
        const chosen = options.find((o) => o.value === e.target.value);
        const next: CodeCell = {
          ...value,
          data: { ...value.data, value: e.target.value, text: chosen?.text ?? e.target.value },
          copyData: chosen?.text ?? e.target.value,
        };
        onChange(next);
        onFinishedEditing(next);
      }}
    >
      {!options.some((o) => o.value === value.data.value) && (
        <option value={value.data.value}>{value.data.text}</option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
};

/** Draws a code cell as its text; edits through CodeEditor; a paste of a code or its text is accepted. */
export const codeCellRenderer: CustomRenderer<CodeCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is CodeCell => isCodeCell(cell),
  draw: (args, cell) => {
    drawTextCell(args, cell.data.text, cell.contentAlign);
  },
  measure: (ctx, cell, theme) => ctx.measureText(cell.data.text).width + theme.cellHorizontalPadding * 2,
  provideEditor: () => ({ editor: CodeEditor, disablePadding: true }),
  onPaste: (val, data) => {
    const found = data.options.find((o) => o.value === val || o.text === val);
    return found ? { ...data, value: found.value, text: found.text } : undefined;
  },
};

/** Edit screens (and a tree's node editor): form sections, detail grids, attachments. */
import { Type } from 'typebox';
import { Action } from './actions';
import { CallInputs, Expr, Fill, Identifier, OperationCall, OperationId, Portal, Rule, Text } from './basics';
import { Enum, MapOf, Named, OneOf, Scalar } from './helpers';
import { Column } from './grid';
import { Field } from './inputs';

/**
 * A button that adds a row from a popup: the person popup (spec §2) or the company popup (its
 * search is `operation`, called with `q`, answering rows with compNo, compNameKr, taxNo2).
 * `fill` maps row field → the chosen entry's field (a list of names: each from the same name). The item popup (`item`) searches with
 * `operation` (a list operation called with catCode, itemName, spec, itemCode) and offers the
 * categories of `categories` (an operation's rows: value and text fields) as its first filter. The
 * agreement-line popup (`agreementLine`) searches with `operation` (a list operation called with
 * agreementNo, compName, itemName, answering framework-agreement lines).
 */
const AddFrom = Type.Object(
  {
    widget: Enum(['person', 'company', 'item', 'agreementLine']),
    label: Type.Optional(Text),
    operation: Type.Optional(OperationId),
    categories: Type.Optional(
      Type.Object(
        { operation: OperationId, value: Identifier, text: Identifier },
        {
          additionalProperties: false,
          description: "The item popup's category filter: an operation's rows (value and text fields)",
        },
      ),
    ),
    fill: Fill,
  },
  {
    additionalProperties: false,
    description:
      "A button adding a row from the person, company, item or agreement-line popup; fill maps row field → the chosen entry's field",
  },
);

export const Section = Named(
  'section',
  Type.Object(
    {
      title: Type.Optional(Text),
      /** Fields a row (1–4, default 2). */
      columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
      fields: Type.Array(Field, { minItems: 1 }),
      visible: Type.Optional(Expr),
      /** Only on this portal (default: both). */
      portal: Type.Optional(Portal),
    },
    { additionalProperties: false },
  ),
);

/** A row's values: new rows' defaults, a new record's first rows. */
const RowValues = MapOf(Scalar());

export const Detail = Named(
  'detail',
  Type.Object(
    {
      /** Name of the grid; its rows are `detail.<id>` in expressions and `form.<id>` in a 'form' body. */
      id: Identifier,
      title: Type.Optional(Text),
      columns: Type.Array(Column, { minItems: 1 }),
      rowKey: Identifier,
      /** Rows come from this operation (else from the loaded record's field `id`). */
      load: Type.Optional(OperationCall),
      /**
       * While creating, the rows come from the document the form names (the order picked): the
       * operation is called whenever its inputs (expressions over the form) change, and its rows
       * (`rows`, a dotted path into the answer; default the answer's list or its `rows`) replace the
       * grid's, each as a new row whose fields `fill` maps (row field → answer row's field). No call
       * while a path parameter is empty or `when` does not hold: the grid is then emptied. Rows
       * that fail `where` (an expression over `row`, the answer's row) are left out.
       */
      fillFrom: Type.Optional(
        Type.Object(
          {
            operation: OperationId,
            params: Type.Optional(CallInputs),
            rows: Type.Optional(
              Type.String({ minLength: 1, description: 'A dotted path into the answer (lines, resultData.0.items)' }),
            ),
            when: Type.Optional(Expr),
            where: Type.Optional(Expr),
            fill: Fill,
          },
          {
            additionalProperties: false,
            description:
              "While creating, rows from the document the form names: the operation's rows mapped by fill (row field → answer row's field)",
          },
        ),
      ),
      /** New rows start with these values. */
      newRow: Type.Optional(RowValues),
      /** A new record (create) starts with these rows, as rows the user added (they are sent with the save), e.g. a period's four grade bands. */
      initialRows: Type.Optional(
        Type.Array(RowValues, { description: 'A new record (create) starts with these rows, as rows the user added' }),
      ),
      /** Rows may be added / deleted: true (default), false or a rule (`"mode == 'create' || form.status == 'DRAFT'"`). */
      canAdd: Type.Optional(Rule),
      canDelete: Type.Optional(Rule),
      minRows: Type.Optional(Type.Integer({ minimum: 0 })),
      maxRows: Type.Optional(Type.Integer({ minimum: 1 })),
      visibleRows: Type.Optional(Type.Integer({ minimum: 3, maximum: 40 })),
      /** Shown only while this holds (e.g. `mode == 'update'`). */
      visible: Type.Optional(Expr),
      /** Rows marked (a warm background) while this holds over `row`: `"!empty(row.shortfall)"`; say why in a column too. */
      highlight: Type.Optional(Expr),
      addFrom: Type.Optional(
        OneOf([AddFrom, Type.Array(AddFrom, { minItems: 1, maxItems: 3 })], {
          description: 'One popup button adding rows, or several (each its own button)',
        }),
      ),
      /** ↑/↓ buttons move the selected row (the rows' order is what is sent, e.g. approval steps). */
      reorder: Type.Optional(Type.Boolean({ description: 'Up/down buttons move the selected row' })),
      /**
       * A 'form' body (a save's default) carries this grid's rows under the grid's id, when the
       * operation's body takes it: each row with these fields (a list; display-only columns left out),
       * or one field's values (a string: `"compNo"` → ['C00001', …]).
       */
      send: Type.Optional(
        OneOf([Identifier, Type.Array(Identifier, { minItems: 1 })], {
          description:
            "A 'form' body carries the rows under the grid's id: these fields of each row, or one field's values",
        }),
      ),
      /** A sent row only while this holds (an expression over `row`): e.g. only the lines given a quantity, `!empty(row.quantity)`. */
      sendWhen: Type.Optional(Expr),
      /** A sent row leaves out its blank cells (empty text, null) instead of sending them as null: for bodies whose fields are optional, not nullable. */
      omitBlank: Type.Optional(
        Type.Boolean({ description: 'A sent row leaves out its blank cells instead of sending null' }),
      ),
      /** Only on this portal (default: both). */
      portal: Type.Optional(Portal),
    },
    { additionalProperties: false, description: 'A detail grid: rows added, deleted and validated' },
  ),
);

const Attachments = Named(
  'attachments',
  Type.Object(
    {
      /** Form field holding the file group id. */
      field: Identifier,
      label: Type.Optional(Text),
      kind: Type.Optional(Enum(['any', 'spreadsheet'])),
      readOnly: Type.Optional(Rule),
    },
    { additionalProperties: false },
  ),
);

/** What an edit screen and a tree's node editor share. */
export const editBodyProperties = {
  /** Query parameters that identify the record; without them the screen creates one. */
  key: Type.Optional(Type.Array(Identifier, { minItems: 1 })),
  load: Type.Optional(OperationCall),
  sections: Type.Array(Section, { minItems: 1 }),
  details: Type.Optional(Type.Array(Detail)),
  attachments: Type.Optional(Attachments),
  actions: Type.Optional(Type.Array(Action)),
  readOnly: Type.Optional(Rule),
  /** Warn before leaving with unsaved changes (default true). */
  confirmLeave: Type.Optional(Type.Boolean()),
  /**
   * The caller's own record (my company, my account): the screen always loads it with `load`
   * and updates it, without a key in the address. `key` is then optional (staff may name one).
   */
  singleton: Type.Optional(Type.Boolean()),
};

export const EditBody = Named('editBody', Type.Object(editBodyProperties, { additionalProperties: false }));

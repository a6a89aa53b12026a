import type { ColumnType, Generated } from 'kysely';

/** Tables of portal administration (migration 0080-portal-admin). */
export interface BoardPostTable {
  postId: Generated<number>;
  board: 'NOTICE' | 'FAQ' | 'CYBER';
  category: string | null;
  title: string;
  body: string;
  pinned: Generated<'Y' | 'N'>;
  showFrom: ColumnType<string | null, string | null | undefined, string | null>;
  showTo: ColumnType<string | null, string | null | undefined, string | null>;
  fileId: string | null;
  createdBy: string;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedBy: string | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  version: Generated<number>;
}

export interface PortalAdminTables {
  boardPost: BoardPostTable;
}

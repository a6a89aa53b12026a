export interface Catalogue {
  immutable: Set<string>;
  nonVolatile: Set<string>;
  views: Set<string>;
}
export declare const STABLE_TIME_FREE: Set<string>;
export declare function tokens(
  sql: string,
): Array<{ t: 'word' | 'qid' | 'str' | 'param' | 'num' | 'punct'; v: string }> | null;
export declare function judge(sql: string, catalogue: Catalogue): { readOnly: boolean; keep: boolean; why: string };
export declare function paramsMove(params: unknown[]): boolean;
export declare const CATALOGUE_SQL: string;
export declare function catalogueOf(
  rows: Array<{ kind: string; name: string; immutable: boolean; non_volatile: boolean }>,
): Catalogue;

import type { Selectable } from 'kysely';
import type {
  EvaCriterionTable,
  EvaGradeTable,
  EvaPeriodTable,
  EvaTaskTable,
  EvaTotalTable,
} from '../../db/schema.generated.js';

/**
 * The evaluation's value sets, named for the code that works with them. They are read from the
 * generated table types (whose unions come from the migration's CHECK constraints), so a state added
 * in a migration reaches the code with `npm run codegen:db` and is never listed twice.
 */
export type EvaPeriodStatus = Selectable<EvaPeriodTable>['status'];
export type EvaKind = Selectable<EvaCriterionTable>['kind'];
export type EvaMeasure = NonNullable<Selectable<EvaCriterionTable>['measure']>;
export type EvaGrade = Selectable<EvaGradeTable>['grade'];
export type EvaAction = Selectable<EvaGradeTable>['action'];
export type EvaTaskStatus = Selectable<EvaTaskTable>['status'];
export type EvaTotalStatus = Selectable<EvaTotalTable>['status'];

/**
 * A scoring band: a rate (percent) at or above `min` scores `score` (0–100). Stored as JSON in
 * eva_criterion.bands and eva_measure.bands, which the database types read as unknown: the shape is
 * the server's (setting/service.ts writes it after checking), not the database's.
 */
export interface EvaBand {
  min: number;
  score: number;
}

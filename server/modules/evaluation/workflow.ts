import type { Machine } from '../../domain/machine.js';
import type { EvaPeriodStatus, EvaTaskStatus, EvaTotalStatus } from './types.js';

/** Lifecycles of the evaluation documents (docs/evaluation.md), as data the routes ask before writing. */
export type PeriodAction = 'update' | 'open' | 'compute' | 'close' | 'delete';
export const PERIOD_MACHINE: Machine<EvaPeriodStatus, PeriodAction> = {
  name: '평가기간',
  statuses: ['PLANNED', 'OPEN', 'CLOSED'],
  statusLabels: { PLANNED: '준비', OPEN: '평가중', CLOSED: '마감' },
  actionLabels: { update: '수정', open: '시작', compute: '집계', close: '마감', delete: '삭제' },
  transitions: {
    update: { from: ['PLANNED'], to: 'same' },
    open: { from: ['PLANNED'], to: 'OPEN' },
    compute: { from: ['OPEN', 'CLOSED'], to: 'same' },
    close: { from: ['OPEN'], to: 'CLOSED' },
    delete: { from: ['PLANNED'], to: 'same' },
  },
};

export type TaskAction = 'save' | 'submit';
export const TASK_MACHINE: Machine<EvaTaskStatus, TaskAction> = {
  name: '평가작업',
  statuses: ['PENDING', 'DRAFT', 'SUBMITTED'],
  statusLabels: { PENDING: '미평가', DRAFT: '임시저장', SUBMITTED: '제출' },
  actionLabels: { save: '저장', submit: '제출' },
  transitions: {
    save: { from: ['PENDING', 'DRAFT'], to: 'DRAFT' },
    submit: { from: ['PENDING', 'DRAFT'], to: 'SUBMITTED' },
  },
};

export type TotalAction = 'adjust' | 'finalize' | 'publish' | 'correct';
export const TOTAL_MACHINE: Machine<EvaTotalStatus, TotalAction> = {
  name: '종합평가',
  statuses: ['DRAFT', 'FINAL', 'SUPERSEDED'],
  statusLabels: { DRAFT: '작성중', FINAL: '확정', SUPERSEDED: '정정됨' },
  actionLabels: { adjust: '조정', finalize: '확정', publish: '공개', correct: '정정' },
  transitions: {
    adjust: { from: ['DRAFT'], to: 'same' },
    finalize: { from: ['DRAFT'], to: 'FINAL' },
    publish: { from: ['FINAL'], to: 'same' },
    correct: { from: ['FINAL'], to: 'SUPERSEDED' },
  },
};

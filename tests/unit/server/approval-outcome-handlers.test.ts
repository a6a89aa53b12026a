// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkOutcomeHandlers } from '../../../server/modules/purchase/approval/outcome-handlers.js';
import { approvalOutcomes } from '../../../server/approval-outcomes.js';

describe('approval outcome handlers', () => {
  it('the server registers a handler for every document type the approval module does not apply itself', () => {
    expect(() => checkOutcomeHandlers(approvalOutcomes, 'server')).not.toThrow();
  });

  it('a missing or unknown document type stops the start, naming it and where', () => {
    const { CONTRACT: _contract, ...withoutContract } = approvalOutcomes;
    expect(() => checkOutcomeHandlers(withoutContract, 'approvalRoutes')).toThrow(
      'approvalRoutes: approval outcome handlers missing for CONTRACT',
    );
    expect(() => checkOutcomeHandlers({ ...approvalOutcomes, PR: async () => 'x' }, 'approvalRoutes')).toThrow(
      'given for unknown or approval-owned document types PR',
    );
  });
});

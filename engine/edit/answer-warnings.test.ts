// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerWarnings } from './answer-warnings';

describe('answerWarnings', () => {
  it("reads the texts of an answer's warnings and nothing else", () => {
    expect(answerWarnings({ pgmId: 'X', warnings: ['앱에 없는 경로입니다: /x', '', 3] })).toEqual([
      '앱에 없는 경로입니다: /x',
    ]);
    expect(answerWarnings({ pgmId: 'X' })).toEqual([]);
    expect(answerWarnings([{ warnings: ['a'] }])).toEqual([]);
    expect(answerWarnings(null)).toEqual([]);
    expect(answerWarnings({ warnings: 'not a list' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CANDIDATE_STATUSES, canTransition } from '../../../domain/statuses.ts';
import { AppError } from '../../errors.ts';
import { assertCandidateTransition } from './candidate-transitions.ts';

describe('assertCandidateTransition', () => {
  it('follows CANDIDATE_TRANSITIONS exactly', () => {
    for (const from of CANDIDATE_STATUSES)
      for (const to of CANDIDATE_STATUSES) {
        const check = () => assertCandidateTransition(from, to);
        if (canTransition(from, to)) expect(check).not.toThrow();
        else expect(check).toThrow(AppError);
      }
  });

  it('refuses with a 409 conflict that names both statuses', () => {
    expect(() => assertCandidateTransition('processed', 'homologated')).toThrow(
      expect.objectContaining({
        statusCode: 409,
        code: 'conflict',
        message: 'A candidate in status processed cannot be homologated',
      }),
    );
  });
});

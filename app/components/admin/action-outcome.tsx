/** What an admin action did, said once under its buttons: a polite status when it worked, an alert when not. */
import { Alert } from '@mantine/core';
import { FormAlert } from '../forms/form-alert.tsx';

export interface Outcome {
  kind: 'success' | 'error';
  text: string;
}

export function ActionOutcome({ outcome, testId }: { outcome: Outcome | null; testId: string }) {
  if (!outcome) return null;
  return outcome.kind === 'success' ? (
    <Alert color="green" variant="light" role="status" data-testid={testId}>
      {outcome.text}
    </Alert>
  ) : (
    <FormAlert kind="error" testId={testId}>
      {outcome.text}
    </FormAlert>
  );
}

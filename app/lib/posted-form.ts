/**
 * A form posted to its page's action (decision 0032) among several on the page: the action's refusal that is its
 * own (told by a posted field such as the request's or candidate's id), and whether it is being posted now.
 */
import { useActionData, useNavigation } from 'react-router';
import { type FormRefusal, isFormRefusal } from './form-refusal.ts';

export function useRefusalFor(field: string, value: string): FormRefusal | undefined {
  const answer: unknown = useActionData();
  return isFormRefusal(answer) && answer.values[field] === value ? answer : undefined;
}

/** True while a form whose posted fields hold all of these values waits for its answer. */
export function usePosting(posted: Record<string, string>): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== 'idle' &&
    Object.entries(posted).every(([field, value]) => navigation.formData?.get(field) === value)
  );
}

/** The mail the site sent (or will send) to the person's address: copies kept for a while, then deleted. */
import { lt } from 'drizzle-orm';
import type { Period } from '../../../domain/retention-period.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { type PersonalDataKind, columns, counted, recordsOf, sameAddress } from '../kind.ts';

export function mailKind(keptFor: Period): PersonalDataKind {
  return {
    id: 'mail',
    owner: ['address'],
    copy: recordsOf((db, { address }) =>
      db
        .select(columns(mailOutbox, ['to', 'subject', 'status', 'createdAt', 'sentAt']))
        .from(mailOutbox)
        .where(sameAddress(mailOutbox.to, address))
        .orderBy(mailOutbox.createdAt),
    ),
    retention: {
      period: keptFor,
      purge: (tx, cutoff) =>
        counted(
          tx.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff)).returning({ id: mailOutbox.id }),
        ),
    },
  };
}

/** What the privacy page shows of each kind of personal data: its name in `privacy:data.kinds`, and its period. */
import type { Period } from '../domain/retention-period.ts';

export interface DataKindPolicy {
  /** `privacy:data.kinds.<kind>` holds its name, why it is kept and for how long. */
  kind: string;
  /** How long it is kept, for the texts that say so; null where no period applies (expiry, account, record). */
  period: Period | null;
}

/**
 * Every kind of personal data the site holds, declared once (decision 0043): the copy of `GET /api/me/export`
 * and `data:export`, the retention job and the privacy page all read this list. A new kind is one entry here
 * (its owner, its copy, its retention) and its texts under `privacy:data.kinds.<id>` in the six languages.
 * The retention job runs the rules in this order; an account kept only by unpaid orders goes on the run after
 * theirs.
 */
import type { Config } from '../config.ts';
import type { PersonalDataKind } from './kind.ts';
import {
  accountKind,
  orderDraftKind,
  passkeyChallengesKind,
  publicSettingsKind,
  secondFactorKind,
  sessionsKind,
  signInTicketsKind,
  trustedDevicesKind,
} from './kinds/account.ts';
import { activityConnectionsKind } from './kinds/activity.ts';
import { auditKind } from './kinds/audit.ts';
import { mailKind } from './kinds/mail.ts';
import {
  guardianConsentsKind,
  ordersKind,
  registrationsKind,
  rideChecksKind,
  ridesKind,
} from './kinds/orders.ts';
import { laureatesKind } from './kinds/records.ts';
import { routeCardStampsKind } from './kinds/route-card.ts';
import { cancellationRequestsKind, evidenceRequestsKind, refundsKind } from './kinds/requests-and-refunds.ts';

export function personalDataKinds(retention: Config['retention']): readonly PersonalDataKind[] {
  return [
    accountKind(retention.unverifiedAccounts),
    ordersKind(retention.unpaidOrders),
    sessionsKind,
    signInTicketsKind,
    passkeyChallengesKind,
    secondFactorKind,
    trustedDevicesKind,
    orderDraftKind,
    publicSettingsKind,
    registrationsKind,
    guardianConsentsKind,
    ridesKind,
    routeCardStampsKind,
    rideChecksKind,
    evidenceRequestsKind,
    refundsKind,
    cancellationRequestsKind,
    activityConnectionsKind,
    laureatesKind,
    mailKind(retention.mail),
    auditKind(retention.audit),
  ];
}

/**
 * The services as the page loaders see them: only the reads the pages make, each with the answer type both
 * sides share. The server's services (server/services/index.ts) are handed over as this interface in
 * server/plugins/pages.ts, so tsc checks they satisfy it, while the app never depends on server code.
 */
import type { DiplomaFacts } from '../domain/diploma.ts';
import type { Locale } from '../domain/locales.ts';
import type { PaymentMethod } from '../domain/payment-methods.ts';
import type { AdminCandidatesQuery } from '../domain/schemas/admin.ts';
import type { PublicDisplay } from '../domain/schemas/display-restriction.ts';
import type { LaureatesPage, LaureatesQuery, Palmares } from '../domain/schemas/laureates.ts';
import type { Statistics } from '../domain/schemas/statistics.ts';
import type { MyHomologation, PublicUser, SecondFactorStatus, SessionUser } from './account.ts';
import type { AuditLogPage, CandidateDetail, CandidatePage, DashboardData, StaffMember } from './admin.ts';
import type { AuditQuery } from '../domain/schemas/audit.ts';
import type { LaureateTeaser } from './laureates.ts';
import type {
  CandidateForChange,
  GuardianConsentView,
  OrderDraftData,
  PickupPoint,
  PresentedOrder,
  TestCheckoutSession,
} from './orders.ts';
import type { Price } from '../domain/prices.ts';
import type { RouteCard } from './stamps.ts';
import type { ActivityProvider } from '../domain/activity-providers.ts';
import type { StoredTrack } from './tracks.ts';
import type { ActivitySummary, ConnectionStatus } from './activities.ts';
import type { DaySpan } from '../domain/activity-days.ts';
import type { CancellationRequestView, OrderRefunds } from './refunds.ts';
import type { DataKindPolicy } from './personal-data.ts';
import type { ClubPostalAddress } from './club-address.ts';
import type { PresentedSettings, SettingsVersion } from './settings.ts';

export interface LoaderServices {
  auditLog: {
    /** A page of the audit log, newest first (as GET /api/admin/audit). */
    list(caller: SessionUser, query: AuditQuery): Promise<AuditLogPage>;
  };
  secondFactors: {
    /** The person's second factors and the set-up under way, for their security page. */
    status(user: SessionUser): Promise<SecondFactorStatus>;
  };
  /** Administrators only (403 otherwise): the club's settings and their versions (issue 47). */
  settings: {
    get(caller: SessionUser): Promise<PresentedSettings>;
    /** A page of versions, newest first: `limit` (default 20) older than `before` when given. */
    versions(caller: SessionUser, page?: { before?: number; limit?: number }): Promise<SettingsVersion[]>;
  };
  clubAddress: {
    /** Where riders post their route card (the one home of the club's postal address). */
    postalAddress(): Promise<ClubPostalAddress>;
  };
  retention: {
    /** Each kind of personal data and how long it is kept, for the privacy page. */
    policies(): DataKindPolicy[];
  };
  accounts: {
    profile(userId: number): Promise<PublicUser>;
    listStaff(caller: SessionUser, query?: { email?: string }): Promise<StaffMember[]>;
  };
  admin: {
    listCandidates(caller: SessionUser, query: AdminCandidatesQuery): Promise<CandidatePage>;
    candidateDetail(caller: SessionUser, candidateId: number): Promise<CandidateDetail>;
    dashboard(caller: SessionUser): Promise<DashboardData>;
  };
  homologations: {
    /** Null until the caller's address is confirmed. */
    forUserOnceVerified(caller: SessionUser, locale: Locale): Promise<MyHomologation[] | null>;
  };
  diplomas: {
    /** Null for an unknown code. */
    find(code: string): Promise<DiplomaFacts | null>;
  };
  displayRestrictions: {
    stateOf(email: string): Promise<PublicDisplay>;
  };
  laureateTeaser: {
    teaser(limit: number): Promise<LaureateTeaser>;
  };
  laureates: {
    list(query: LaureatesQuery): Promise<LaureatesPage>;
    /** The countries of the shown laureates (ISO codes), for the ranking's country filter. */
    countries(): Promise<readonly string[]>;
    findPalmares(laureateId: number): Promise<Palmares | null>;
    /** Administrators only: full birth dates by laureate id. */
    birthDates(laureateIds: readonly number[]): Promise<Record<number, string | null>>;
  };
  statistics: {
    count(): Promise<Statistics>;
  };
  flags: {
    /** The picture's address of each country code: a data address for a small flag, else its file. */
    sources(codes: Iterable<string>): Promise<Record<string, string>>;
  };
  orderDrafts: {
    get(userId: number): Promise<OrderDraftData | null>;
    hasCandidates(userId: number): Promise<boolean>;
  };
  orders: {
    list(userId: number): Promise<PresentedOrder[]>;
    get(userId: number, orderId: number): Promise<PresentedOrder>;
    /** Those a buyer may choose, or `all` to name the point an earlier order chose (retired since). */
    pickupPoints(locale?: Locale, which?: 'offered' | 'all'): Promise<PickupPoint[]>;
    price(count: number): Promise<Price>;
    /** Whether the club takes new orders, and if not why, in `locale`. */
    registrations(locale?: Locale): Promise<{ open: boolean; message: string }>;
    earliestPostalDate(): string;
  };
  payments: {
    methods(): PaymentMethod[];
    testCheckout: {
      session(paymentId: number, user: { id: number } | null): Promise<TestCheckoutSession | null>;
    };
  };
  /** Administrators only: the services refuse anyone else (403). */
  refunds: {
    forOrder(admin: SessionUser, orderId: number): Promise<OrderRefunds>;
  };
  cancellationRequests: {
    /** Administrators only (403 otherwise). */
    list(admin: SessionUser): Promise<CancellationRequestView[]>;
    /** The requests on the user's own orders. */
    ofBuyer(userId: number): Promise<CancellationRequestView[]>;
  };
  guardianConsents: {
    /** Null for a link that never existed. */
    view(token: string): Promise<GuardianConsentView | null>;
  };
  registrationChanges: {
    /** Another user's candidate is 404. */
    forChange(userId: number, candidateId: number): Promise<CandidateForChange>;
  };
  tracks: {
    forCandidate(candidateId: number): Promise<StoredTrack | null>;
  };
  stamps: {
    /** The route card for its buyer, the president or the desk; anyone else: 404 (decision 0049). */
    routeCard(candidateId: number, caller: SessionUser): Promise<RouteCard>;
  };
  /** Each activity service a rider may bring a ride from (Strava, Ride with GPS, intervals.icu). */
  activitySources: Record<ActivityProvider, ActivitySourceReader>;
}

export interface ActivitySourceReader {
  /** False when the club has not configured the service: then nothing about it shows, and the methods refuse. */
  configured: boolean;
  status(userId: number): Promise<ConnectionStatus>;
  /** The days looked at when the rider names none. */
  defaultSpan(userId: number): Promise<DaySpan>;
  /** Refuses as the API does (`not_connected`, `strava_rate_limited`, `provider_rate_limited`, …). */
  listRides(userId: number, span: DaySpan): Promise<ActivitySummary[]>;
}

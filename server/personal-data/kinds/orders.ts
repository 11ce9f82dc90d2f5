/**
 * Orders with their registrations and payments (the buyer's), registrations made by someone else for the person
 * (the rider's), guardian consents the person gave, and the rides attached to any of these registrations.
 */
import zlib from 'node:zlib';
import { type AnyColumn, and, eq, inArray, lt, not, or, sql } from 'drizzle-orm';
import type { Period } from '../../../domain/retention-period.ts';
import type { Database } from '../../db/client.ts';
import { candidates, candidateTracks, guardianConsents, orders, payments } from '../../db/schema/index.ts';
import { moneyMoved } from '../../services/registrations/order-records.ts';
import { type DataSubject, type PersonalDataKind, columns, recordsOf, sameAddress, sameAs } from '../kind.ts';

/** A registration as its rider and its buyer see it: everything but the secret of its route card's QR code. */
const registrationColumns = columns(candidates, [
  'id',
  'orderId',
  'epreuve',
  'statut',
  'civilite',
  'nom',
  'prenom',
  'email',
  'portable',
  'date_naissance',
  'adresse',
  'complement',
  'code_postal',
  'ville',
  'pays',
  'nationalite',
  'attestation_condition_physique',
  'attestation_assurance',
  'autorisation_parentale',
  'certificat_medical',
  'date_passage',
  'epreuve_realisee',
  'commentaire',
  'rejectionReason',
  'createdAt',
  'documentsSentAt',
  'cardReceivedAt',
]);

/** What a guardian answered, as both the buyer's and the guardian's copies give it. */
const consentColumns = columns(guardianConsents, ['sentAt', 'decision', 'decidedAt', 'method']);

/** Rows that hang on the person's own orders, found by their order column (registrations, refunds, requests). */
export const onOwnOrders = (orderId: AnyColumn, userId: number | null) =>
  inArray(orderId, sql`(select ${orders.id} from ${orders} where ${sameAs(orders.userId, userId)})`);

/** Registrations of the person's own orders. */
const ofOwnOrders = (userId: number | null) => onOwnOrders(candidates.orderId, userId);

/** Registrations someone else made for the person's proven address (the buyer's copy has them too). */
const madeForThem = ({ userId, address }: DataSubject) =>
  and(sameAddress(candidates.email, address), not(ofOwnOrders(userId)));

/** Every registration the copy covers: the person's orders', and those made for them. */
export const registrationsOf = (subject: DataSubject) =>
  or(ofOwnOrders(subject.userId), madeForThem(subject));

/** The person's orders, each with its registrations (and their guardians' consents) and payment attempts. */
const copyOrders: PersonalDataKind['copy'] = async (db, { userId }) => {
  const owned = await db
    .select(
      columns(orders, [
        'id',
        'status',
        'date_commande',
        'paidAt',
        'mode_livraison',
        'date_livraison',
        'point_retrait',
        'adresse_livraison',
        'adresse_facturation',
        'mode_paiement',
        'avertissement_condition_physique',
        'avertissement_mineurs',
        'unitPriceCents',
        'totalCents',
        'currency',
        'locale',
      ]),
    )
    .from(orders)
    .where(sameAs(orders.userId, userId))
    .orderBy(orders.id);
  const ids = owned.map((order) => order.id);
  if (ids.length === 0) return { records: [] };
  const registrations = await db
    .select({
      ...registrationColumns,
      tuteur: candidates.tuteur,
      guardian_consent: consentColumns,
    })
    .from(candidates)
    .leftJoin(guardianConsents, eq(guardianConsents.candidateId, candidates.id))
    .where(inArray(candidates.orderId, ids))
    .orderBy(candidates.id);
  const attempts = await db
    .select(
      columns(payments, [
        'id',
        'orderId',
        'provider',
        'status',
        'amountCents',
        'currency',
        'createdAt',
        'updatedAt',
      ]),
    )
    .from(payments)
    .where(inArray(payments.orderId, ids))
    .orderBy(payments.id);
  const records = owned.map((order) => ({
    ...order,
    candidates: registrations.filter((registration) => registration.order_id === order.id),
    payments: attempts.filter((attempt) => attempt.order_id === order.id),
  }));
  return { records };
};

export function ordersKind(unpaidFor: Period): PersonalDataKind {
  return {
    id: 'orders',
    owner: ['account'],
    copy: copyOrders,
    // Orders in which money moved are the club's accounts and stay (decision 0028); the others go, with their
    // registrations (documents, tracks and consents cascade) and payment attempts.
    retention: {
      period: unpaidFor,
      async purge(tx, cutoff) {
        const stale = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(lt(orders.date_commande, cutoff), not(moneyMoved())));
        const ids = stale.map((order) => order.id);
        if (ids.length === 0) return 0;
        await tx.delete(candidates).where(inArray(candidates.orderId, ids));
        await tx.delete(payments).where(inArray(payments.orderId, ids));
        await tx.delete(orders).where(inArray(orders.id, ids));
        return ids.length;
      },
    },
  };
}

/** A rider registered by someone else sees their registration, not the buyer's order (addresses, payments). */
export const registrationsKind: PersonalDataKind = {
  id: 'registrations',
  owner: ['address'],
  copy: recordsOf((db, subject) =>
    db.select(registrationColumns).from(candidates).where(madeForThem(subject)).orderBy(candidates.id),
  ),
  retention: { keep: 'order' },
};

/** Consents the person gave as a minor's guardian; those they asked for are in their orders. */
export const guardianConsentsKind: PersonalDataKind = {
  id: 'guardian_consents',
  owner: ['address'],
  copy: recordsOf((db, { address }) =>
    db
      .select({
        candidate_id: candidates.id,
        ...columns(candidates, ['prenom', 'nom', 'epreuve']),
        ...consentColumns,
      })
      .from(guardianConsents)
      .innerJoin(candidates, eq(candidates.id, guardianConsents.candidateId))
      .where(sameAddress(sql`${candidates.tuteur}->>'email'`, address))
      .orderBy(candidates.id),
  ),
  retention: { keep: 'order' },
};

/** The files themselves, as they were sent (or written from Strava), beside what the check found. */
export const ridesKind: PersonalDataKind = {
  id: 'rides',
  owner: ['account', 'address'],
  async copy(db: Database, subject) {
    const rows = await db
      .select({
        candidate_id: candidateTracks.candidateId,
        format: candidateTracks.format,
        source: candidateTracks.source,
        activity_id: candidateTracks.sourceActivityId,
        uploaded_at: candidateTracks.createdAt,
        analysis: candidateTracks.analysis,
        fileGz: candidateTracks.fileGz,
      })
      .from(candidateTracks)
      .innerJoin(candidates, eq(candidates.id, candidateTracks.candidateId))
      .where(registrationsOf(subject))
      .orderBy(candidateTracks.candidateId);
    const named = rows.map(({ fileGz, ...ride }) => ({
      ride: { ...ride, file: `rides/${ride.candidate_id}.${ride.format}` },
      bytes: new Uint8Array(zlib.gunzipSync(fileGz)),
    }));
    return {
      records: named.map(({ ride }) => ride),
      files: named.map(({ ride, bytes }) => ({ name: `${ride.candidate_id}.${ride.format}`, bytes })),
    };
  },
  retention: { keep: 'order' },
};

/** A ride only checked (not attached) is read and forgotten: nothing to copy, nothing to delete. */
export const rideChecksKind: PersonalDataKind = {
  id: 'ride_checks',
  owner: [],
  retention: { keep: 'not_kept' },
};

/** The club's records about the person: laureate rows and their homologations, the ranking (decision 0028). */
import { inArray, or } from 'drizzle-orm';
import { cancelledHomologations, homologations, laureates } from '../../db/schema/index.ts';
import { type PersonalDataKind, sameAddress, sameAs } from '../kind.ts';

export const laureatesKind: PersonalDataKind = {
  id: 'laureates',
  owner: ['account', 'address'],
  async copy(db, { userId, address }) {
    const people = await db
      .select({
        id: laureates.id,
        email: laureates.email,
        civilite: laureates.civilite,
        nom: laureates.nom,
        prenom: laureates.prenom,
        date_naissance: laureates.date_naissance,
        pays: laureates.pays,
        nationalite: laureates.nationalite,
        ville: laureates.ville,
        created_at: laureates.createdAt,
      })
      .from(laureates)
      .where(or(sameAs(laureates.userId, userId), sameAddress(laureates.email, address)))
      .orderBy(laureates.id);
    const ids = people.map((person) => person.id);
    if (ids.length === 0) return { records: [] };
    const rides = await db
      .select({
        laureate_id: homologations.laureateId,
        epreuve: homologations.epreuve,
        numero: homologations.numero,
        date_passage: homologations.date_passage,
        age_at_ride: homologations.ageAtRide,
        ville: homologations.ville,
        homologated_at: homologations.homologatedAt,
        commentaire: homologations.commentaire,
        source: homologations.source,
      })
      .from(homologations)
      .where(inArray(homologations.laureateId, ids))
      .orderBy(homologations.homologatedAt);
    const cancelled = await db
      .select({
        laureate_id: cancelledHomologations.laureateId,
        epreuve: cancelledHomologations.epreuve,
        numero: cancelledHomologations.numero,
        date_passage: cancelledHomologations.date_passage,
        homologated_at: cancelledHomologations.homologatedAt,
        reason: cancelledHomologations.reason,
        cancelled_at: cancelledHomologations.cancelledAt,
      })
      .from(cancelledHomologations)
      .where(inArray(cancelledHomologations.laureateId, ids));
    const records = people.map((person) => ({
      ...person,
      homologations: rides.filter((ride) => ride.laureate_id === person.id),
      cancelled_homologations: cancelled.filter((ride) => ride.laureate_id === person.id),
    }));
    return { records };
  },
  retention: { keep: 'record' },
};

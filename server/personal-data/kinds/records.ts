/** The club's records about the person: laureate rows and their homologations, the ranking (decision 0028). */
import { inArray, or } from 'drizzle-orm';
import { cancelledHomologations, homologations, laureates } from '../../db/schema/index.ts';
import { type PersonalDataKind, columns, sameAddress, sameAs } from '../kind.ts';

export const laureatesKind: PersonalDataKind = {
  id: 'laureates',
  owner: ['account', 'address'],
  async copy(db, { userId, address }) {
    const people = await db
      .select(
        columns(laureates, [
          'id',
          'email',
          'civilite',
          'nom',
          'prenom',
          'date_naissance',
          'pays',
          'nationalite',
          'ville',
          'createdAt',
        ]),
      )
      .from(laureates)
      .where(or(sameAs(laureates.userId, userId), sameAddress(laureates.email, address)))
      .orderBy(laureates.id);
    const ids = people.map((person) => person.id);
    if (ids.length === 0) return { records: [] };
    const rides = await db
      .select(
        columns(homologations, [
          'laureateId',
          'epreuve',
          'numero',
          'date_passage',
          'ageAtRide',
          'ville',
          'homologatedAt',
          'commentaire',
          'source',
        ]),
      )
      .from(homologations)
      .where(inArray(homologations.laureateId, ids))
      .orderBy(homologations.homologatedAt);
    const cancelled = await db
      .select(
        columns(cancelledHomologations, [
          'laureateId',
          'epreuve',
          'numero',
          'date_passage',
          'homologatedAt',
          'reason',
          'cancelledAt',
        ]),
      )
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

/**
 * Who the imported records belong to, before anything is written: records of the same person become one laureate
 * (same email, else same normalized nom + prenom + date_naissance), whose row takes the details of their latest
 * ride. Pure; services/laureates/laureate-import.ts writes what this decides.
 */
import { ageOn } from '../../domain/dates.ts';
import { laureateIdentityKey, laureateSearchText } from '../../domain/search.ts';
import type { LaureateRecord } from './parse.ts';

/** The person a record belongs to, before laureate ids exist. */
export interface Person {
  key: string;
  records: LaureateRecord[];
  laureateId?: number;
}

const personKeyOfEmail = (email: string) => `email:${email}`;
const personKeyOfIdentity = (identity: string) => `identity:${identity}`;
/** An identity key ends with the date of birth, so one ending in the separator has none. */
export const hasBirthDate = (identity: string) => !identity.endsWith('|');

/**
 * Groups records into people: by email; rows without an email join the one person with an email and the same
 * identity, or else group by identity when the date of birth is known; anything else is a person of its own.
 */
export function groupPeople(records: LaureateRecord[]): Person[] {
  const people = new Map<string, Person>();
  const emailPeopleByIdentity = new Map<string, Set<string>>();
  const add = (key: string, record: LaureateRecord) => {
    const person = people.get(key) ?? { key, records: [] };
    person.records.push(record);
    people.set(key, person);
  };
  for (const record of records) {
    if (!record.email) continue;
    const key = personKeyOfEmail(record.email);
    add(key, record);
    const identity = laureateIdentityKey(record);
    const keys = emailPeopleByIdentity.get(identity) ?? new Set();
    keys.add(key);
    emailPeopleByIdentity.set(identity, keys);
  }
  for (const record of records) {
    if (record.email) continue;
    const identity = laureateIdentityKey(record);
    const withEmail = emailPeopleByIdentity.get(identity);
    if (hasBirthDate(identity) && withEmail?.size === 1) add([...withEmail][0]!, record);
    else if (hasBirthDate(identity)) add(personKeyOfIdentity(identity), record);
    else add(`line:${record.line}`, record);
  }
  return [...people.values()];
}

/** The laureate row of a person: the details of their latest ride, the first known date of birth. */
export function laureateValues(person: Person) {
  const byDate = [...person.records].sort((a, b) =>
    (a.date_passage ?? '').localeCompare(b.date_passage ?? ''),
  );
  const latest = byDate.at(-1)!;
  const pick = <K extends keyof LaureateRecord>(key: K) =>
    [...byDate].reverse().find((record) => record[key] !== null)?.[key] ?? null;
  const values = {
    email: pick('email') as string | null,
    civilite: pick('civilite') as 'mme' | 'm' | null,
    nom: latest.nom,
    prenom: latest.prenom,
    date_naissance: pick('date_naissance') as string | null,
    pays: pick('pays') as string | null,
    nationalite: pick('nationalite') as string | null,
    ville: pick('ville') as string | null,
  };
  return {
    ...values,
    searchText: laureateSearchText(values),
    identityKey: laureateIdentityKey(values),
  };
}

export function ageAtRide(record: LaureateRecord): number | null {
  if (!record.date_naissance || !record.date_passage) return null;
  const age = ageOn(record.date_naissance, record.date_passage);
  return age >= 0 && age < 120 ? age : null;
}

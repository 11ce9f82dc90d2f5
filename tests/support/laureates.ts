/** Laureates for tests: records written through the import writer, and confirmed display restrictions. */
import { displayRestrictions } from '../../server/db/schema/index.ts';
import type { LaureateRecord } from '../../server/laureate-import/parse.ts';
import type { TestApp } from './test-app.ts';

let line = 0;

/** A valid record; override what the test is about. */
export function laureateRecord(overrides: Partial<LaureateRecord> = {}): LaureateRecord {
  line += 1;
  return {
    line,
    epreuve: 'cingle',
    numero: 100_000 + line,
    date_passage: '2015-07-14',
    civilite: 'm',
    nom: `Coureur${line}`,
    prenom: 'Paul',
    date_naissance: '1970-03-02',
    email: `rider${line}@example.org`,
    ville: 'Carpentras',
    pays: 'fr',
    nationalite: 'fr',
    ...overrides,
  };
}

export async function addLaureates(t: TestApp, records: LaureateRecord[]) {
  return t.services.laureateImport.writeRecords(records, { source: 'import' });
}

/** A restriction the owner already confirmed, as if they had followed the emailed link. */
export async function hideEmail(t: TestApp, email: string) {
  await t.db
    .insert(displayRestrictions)
    .values({ email, tokenHash: `test-${email}`, locale: 'fr', confirmedAt: new Date() });
  t.services.statistics.invalidate();
  t.services.laureates.invalidate();
}

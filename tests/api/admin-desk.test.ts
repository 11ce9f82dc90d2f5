/**
 * The volunteer's desk through the API: a card whose kit was never marked sent is taken in only when confirmed,
 * the CSV export in each language's spreadsheet format, localized file names, who rejected a ride in the
 * history, and the dashboard naming candidates by their reference.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../domain/dates.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const adminGet = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });
const adminPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: admin.auth, payload });

describe('scanning a card whose kit was never marked sent', () => {
  it('answers 409 kit_not_sent and changes nothing, then takes the card in once confirmed', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ nom: 'Sansenvoi', epreuve: 'galerien' })],
      mode_livraison: 'retrait',
      point_retrait: 'sault',
      avertissement_mineurs: false,
    });
    const candidate = order.candidats[0]!;

    const refused = await adminPost('/api/admin/scan', { text: candidate.reference });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('kit_not_sent');
    const unchanged = await adminGet(`/api/admin/candidates/${candidate.id}`);
    expect(unchanged.json().candidate.statut).toBe('to_process');

    const refusedAgain = await adminPost('/api/admin/scan', { text: candidate.reference, confirm: false });
    expect(refusedAgain.json().error.code).toBe('kit_not_sent');

    const taken = await adminPost('/api/admin/scan', { text: candidate.reference, confirm: true });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      candidateId: candidate.id,
      reference: candidate.reference,
      statut: 'card_received',
      previous: 'to_process',
      nom: 'Sansenvoi',
      prenom: 'Paul',
      epreuve: 'galerien',
    });
    // A second scan of the same card changes nothing and says so.
    const again = await adminPost('/api/admin/scan', { text: candidate.reference });
    expect(again.json()).toMatchObject({ statut: 'card_received', previous: 'card_received' });
  });

  it('takes in a card whose kit was marked sent without asking', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ nom: 'Poste' })],
      mode_livraison: 'postal',
      avertissement_mineurs: false,
    });
    const candidate = order.candidats[0]!;
    expect((await adminPost('/api/admin/candidates/processed', { ids: [candidate.id] })).statusCode).toBe(
      200,
    );
    const taken = await adminPost('/api/admin/scan', { text: candidate.reference });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ previous: 'processed', statut: 'card_received' });
  });

  it('refuses a confirmation that is not a boolean', async () => {
    const answer = await adminPost('/api/admin/scan', { text: '00000001-01', confirm: 'yes' });
    expect(answer.statusCode).toBe(400);
  });
});

describe('the CSV export per language', () => {
  let reference: string;

  beforeAll(async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ nom: '=HYPERLINK("http://x")', prenom: 'Éloïse', epreuve: 'bicingle' })],
      mode_livraison: 'postal',
      avertissement_mineurs: false,
    });
    reference = order.candidats[0]!.reference;
  });

  const csvLines = async (query: string) => {
    const answer = await adminGet(`/api/admin/candidates.csv?list=traitements&q=${reference}${query}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    return { answer, lines: answer.body.slice(1).trim().split('\n') };
  };

  it('writes French with semicolons, French headers and words, French dates, formula-safe', async () => {
    const { answer, lines } = await csvLines('&lang=fr');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="a-traiter-par-courrier.csv"');
    expect(lines[0]).toBe(
      'Référence;Nom;Prénom;E-mail;Épreuve;Inscrit le;Date de livraison;Livraison;Statut;Ville;Pays;Numéro;Date de passage;Homologateur;Motif du refus',
    );
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe(reference);
    // The formula is shown as text: quoted, the quotes inside doubled.
    expect(cells[1]).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(cells[2]).toBe('Éloïse');
    expect(cells[4]).toBe('Bicinglé');
    expect(cells[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells[7]).toBe('Par courrier');
    expect(cells[8]).toBe('À traiter');
    expect(cells[10]).toBe('France');
  });

  it.each([
    ['gb', ',', 'Reference,Surname,First name', 'By post', 'France'],
    ['de', ';', 'Referenz;Nachname;Vorname', null, 'Frankreich'],
    ['nl', ';', 'Referentie;Achternaam;Voornaam', null, 'Frankrijk'],
    ['es', ';', 'Referencia;Apellidos;Nombre', null, 'Francia'],
    ['it', ';', 'Riferimento;Cognome;Nome', null, 'Francia'],
  ])(
    'writes %s with "%s" and its own headers and words',
    async (lang, separator, header, delivery, country) => {
      const { answer, lines } = await csvLines(`&lang=${lang}`);
      expect(lines[0]!.startsWith(header)).toBe(true);
      const [, cells] = parse(answer.body, { bom: true, delimiter: separator }) as string[][];
      expect(cells).toHaveLength(15);
      expect(cells![10]).toBe(country);
      if (delivery) expect(cells![7]).toBe(delivery);
      expect(cells![8]).not.toBe('to_process');
    },
  );

  it('keeps the API codes, commas and ISO dates without a language, and refuses an unknown one', async () => {
    const { answer, lines } = await csvLines('');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="candidates-traitements.csv"');
    expect(lines[0]!.startsWith('reference,nom,prenom,email,epreuve,created_at')).toBe(true);
    expect(lines[1]).toContain(',bicingle,');
    expect((await adminGet('/api/admin/candidates.csv?list=traitements&lang=xx')).statusCode).toBe(400);
  });

  it('names the labels PDF in the admin language', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const ids = order.candidats.map((candidate: { id: number }) => candidate.id);
    const french = await adminPost('/api/admin/candidates/labels?lang=fr', { ids });
    expect(french.statusCode).toBe(200);
    expect(french.headers['content-disposition']).toBe('inline; filename="etiquettes-d-adresse.pdf"');
    const english = await adminPost('/api/admin/candidates/labels', { ids });
    expect(english.headers['content-disposition']).toBe('inline; filename="labels.pdf"');
  });
});

describe('the history and the dashboard', () => {
  it('says who rejected a ride, and the dashboard names the candidate by its reference', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ nom: 'Refuse' })],
      avertissement_mineurs: false,
    });
    const candidate = order.candidats[0]!;
    await adminPost('/api/admin/scan', { text: candidate.reference, confirm: true });
    await adminPost(`/api/admin/candidates/${candidate.id}/reject`, { reason: 'Tampon illisible.' });

    const history = await adminGet(`/api/admin/candidates?list=history&q=${candidate.reference}`);
    expect(history.json().items[0]).toMatchObject({
      statut: 'rejected',
      rejectionReason: 'Tampon illisible.',
      rejectedBy: { id: admin.id, name: expect.any(String) },
      homologation: null,
    });

    const dashboard = await adminGet('/api/admin/dashboard');
    const latest = dashboard.json().latestActions[0];
    expect(latest).toMatchObject({ entity: 'candidate', entityId: String(candidate.id) });
    expect(latest.reference).toBe(candidate.reference);
  });

  it('leaves rejectedBy empty for a homologated ride', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const candidate = order.candidats[0]!;
    await adminPost('/api/admin/scan', { text: candidate.reference, confirm: true });
    await adminPost(`/api/admin/candidates/${candidate.id}/homologate`, {
      date_passage: today(),
      epreuve_realisee: 'cingle',
    });
    const history = await adminGet(`/api/admin/candidates?list=history&q=${candidate.reference}`);
    expect(history.json().items[0]).toMatchObject({ statut: 'homologated', rejectedBy: null });
  });
});

/**
 * The club's postal address (CLUB_POSTAL_ADDRESS, services.clubAddress): printed on the route card, written in the
 * kit email, marked as a demonstration address on a test site without it; the documents' names and titles in
 * their reader's language; one address label per address of an order.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema/index.ts';
import { textOfPdf } from '../support/pdf-text.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

const CLUB_ADDRESS = ['Club des Cinglés du Mont-Ventoux', 'Boîte postale 27', '84410 Bédoin', 'France'];

async function kitMail(t: TestApp, to: string) {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const mail = mails.find((row) => row.attachments.length > 0);
  if (!mail) throw new Error(`no kit mail to ${to}`);
  return mail;
}

async function routeCard(t: TestApp, auth: Record<string, string>, orderId: number) {
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: auth })).json<{
    candidats: { reference: string; documents: { kind: string; url: string }[] }[];
  }>();
  const candidate = order.candidats[0]!;
  const url = candidate.documents.find((document) => document.kind === 'route_card')!.url;
  const response = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(response.statusCode).toBe(200);
  return { response, reference: candidate.reference, pdf: new Uint8Array(response.rawPayload) };
}

describe('with CLUB_POSTAL_ADDRESS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLUB_POSTAL_ADDRESS: CLUB_ADDRESS.join('\\n') });
  });
  afterAll(() => t.close());

  it('is the one address the services give, not a demonstration', async () => {
    expect(await t.services.clubAddress.postalAddress()).toEqual({
      lines: CLUB_ADDRESS,
      demonstration: false,
    });
  });

  it('prints the address on the route card, titled and named in the order language', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { candidats: [candidatePayload()] }, { lang: 'fr' });
    const { response, reference, pdf } = await routeCard(t, buyer.auth, order.id);
    const text = await textOfPdf(pdf);
    expect(text).toContain('Envoyez la carte à :');
    for (const line of CLUB_ADDRESS) expect(text).toContain(line);
    expect(text).not.toMatch(/démonstration/i);
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Carte de route ${reference}`);
    expect(response.headers['content-disposition']).toContain(`carte-de-route-${reference}.pdf`);
  });

  it('writes the address in the kit email and names its attachments in the mail language', async () => {
    const buyer = await signedInUser(t);
    const email = 'hans.muller@example.org';
    const order = await paidOrder(t, buyer, { candidats: [candidatePayload({ email })] }, { lang: 'de' });
    const reference = order.candidats[0]!.reference;
    const mail = await kitMail(t, email);
    expect(mail.text).toContain(
      ['Adresse, an die Sie die abgestempelte Kontrollkarte zurückschicken:', ...CLUB_ADDRESS].join('\n'),
    );
    expect(mail.html).toContain(CLUB_ADDRESS.join('<br>'));
    expect(mail.attachments.map((attachment) => attachment.filename).sort()).toEqual([
      `kontrollkarte-${reference}.pdf`,
      `rahmenschild-${reference}.pdf`,
    ]);
  });

  it('names the attachments in each language, in plain ASCII', async () => {
    const buyer = await signedInUser(t);
    const expected = {
      fr: ['carte-de-route', 'plaque-de-cadre'],
      es: ['carne-de-ruta', 'placa-de-cuadro'],
      it: ['carta-di-viaggio', 'placca-da-telaio'],
      nl: ['stempelkaart', 'frameplaatje'],
      gb: ['route-card', 'frame-plate'],
    };
    for (const [lang, names] of Object.entries(expected)) {
      const email = `rider.${lang}@example.org`;
      const order = await paidOrder(t, buyer, { candidats: [candidatePayload({ email })] }, { lang });
      const reference = order.candidats[0]!.reference;
      const filenames = (await kitMail(t, email)).attachments.map((attachment) => attachment.filename).sort();
      expect(filenames).toEqual(names.map((name) => `${name}-${reference}.pdf`).sort());
      for (const filename of filenames) expect(filename).toMatch(/^[A-Za-z0-9-]+\.pdf$/);
    }
  });
});

describe('on a test site without CLUB_POSTAL_ADDRESS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows a demonstration address, marked as such in the reader language', async () => {
    expect((await t.services.clubAddress.postalAddress()).demonstration).toBe(true);
    const buyer = await signedInUser(t);
    const email = 'jane.smith@example.org';
    const order = await paidOrder(t, buyer, { candidats: [candidatePayload({ email })] }, { lang: 'gb' });
    const { pdf } = await routeCard(t, buyer.auth, order.id);
    expect(await textOfPdf(pdf)).toContain('Demonstration address');
    const mail = await kitMail(t, email);
    expect(mail.text).toContain('Demonstration address');
    expect(mail.html).toContain('Demonstration address');
  });

  it('prints one label per address of an order, in the country order, titled in the admin language', async () => {
    const admin = await signedInAdmin(t);
    const buyer = await signedInUser(t);
    const harrogate = {
      nom: 'Smith',
      prenom: 'Jane',
      adresse: '3 Station Parade',
      complement: '',
      code_postal: 'HG1 2AB',
      ville: 'Harrogate',
      pays: 'gb',
    };
    const order = await paidOrder(t, buyer, {
      mode_livraison: 'postal',
      adresse_livraison: harrogate,
      adresse_facturation: harrogate,
      // Two riders, one envelope.
      candidats: [candidatePayload(), candidatePayload({ prenom: 'Anna', email: 'anna@example.org' })],
    });
    const ids = order.candidats.map((candidate) => candidate.id);
    const labels = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/labels?lang=it',
      headers: admin.auth,
      payload: { ids },
    });
    expect(labels.statusCode).toBe(200);
    const pdf = new Uint8Array(labels.rawPayload);
    const text = await textOfPdf(pdf);
    expect(text.match(/Jane SMITH/g)).toHaveLength(1);
    expect(text).toContain('3 Station Parade HARROGATE HG1 2AB ROYAUME-UNI');
    expect(text).toContain(order.candidats.map((candidate) => candidate.reference).join(', '));
    expect((await PDFDocument.load(pdf)).getTitle()).toBe("Etichetta d'indirizzo (1)");
  });

  it('titles the print batch in the language of the administrator who asked for it', async () => {
    const admin = await signedInAdmin(t);
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/admin/print-jobs',
      headers: admin.auth,
      payload: { ids: order.candidats.map((candidate) => candidate.id) },
    });
    const { jobId } = job.json<{ jobId: string }>();
    await vi.waitFor(
      async () => {
        const status = await t.app.inject({
          method: 'GET',
          url: `/api/admin/print-jobs/${jobId}`,
          headers: admin.auth,
        });
        expect(status.json().status).toBe('done');
      },
      { timeout: 30_000, interval: 100 },
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/print-jobs/${jobId}/file`,
      headers: admin.auth,
    });
    expect((await PDFDocument.load(file.rawPayload)).getTitle()).toBe("Lot d'impression : 2 cartes de route");
  });
});

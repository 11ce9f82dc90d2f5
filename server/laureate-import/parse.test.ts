import { describe, expect, it } from 'vitest';
import { columnOf, parseCsvRow, parseLaureatesCsv, parseLegacyDate } from './parse.ts';

describe('parseLegacyDate', () => {
  it.each([
    ['14/07/2015', '2015-07-14'],
    ['4/7/2015', '2015-07-04'],
    ['14.07.2015', '2015-07-14'],
    ['2015-07-14', '2015-07-14'],
    ['2015-07-14 00:00:00', '2015-07-14'],
    ['', null],
    ['  ', null],
    ['31/02/2015', null],
    ['1970-01-01', null],
    ['01/01/1970', null],
    ['14/07/15', null],
    ['yesterday', null],
  ])('%j -> %j', (input, expected) => {
    expect(parseLegacyDate(input)).toBe(expected);
  });
});

describe('columnOf', () => {
  it('reads the documented header and a few other spellings', () => {
    expect(columnOf('date_passage')).toBe('date_passage');
    expect(columnOf('Date passage')).toBe('date_passage');
    expect(columnOf('Épreuve')).toBe('epreuve');
    expect(columnOf('Numéro')).toBe('numero');
    expect(columnOf('Prénom')).toBe('prenom');
    expect(columnOf('Country')).toBe('pays');
    expect(columnOf('total')).toBeUndefined();
  });
});

describe('parseCsvRow', () => {
  const row = {
    epreuve: 'Galérien',
    numero: '42',
    nom: ' Lefèvre ',
    prenom: 'Benoît',
    civilite: 'Mme',
    date_naissance: '20/05/1960',
    email: ' Benoit@Example.ORG ',
    date_passage: '2001-07-14',
    ville: 'Bédoin',
    pays: 'FR',
    nationalite: 'Belgique',
  };

  it('turns a valid row into a record', () => {
    expect(parseCsvRow(row, 7)).toEqual({
      warnings: [],
      record: {
        line: 7,
        epreuve: 'galerien',
        numero: 42,
        nom: 'Lefèvre',
        prenom: 'Benoît',
        civilite: 'mme',
        date_naissance: '1960-05-20',
        email: 'benoit@example.org',
        date_passage: '2001-07-14',
        ville: 'Bédoin',
        pays: 'fr',
        nationalite: 'be',
      },
    });
  });

  it('accepts empty optional fields and unreadable dates as unknown', () => {
    const result = parseCsvRow(
      { epreuve: 'cingle', numero: '1', nom: 'A', prenom: 'B', date_passage: 'n/a', pays: '', email: '' },
      3,
    );
    expect(result).toMatchObject({ record: { date_passage: null, pays: null, email: null, civilite: null } });
  });

  it.each([
    ['Cinglé', '14/07/1987', 'cingle ridden on 1987-07-14, before the challenge existed (1988)'],
    ['Galérien', '1990-07-14', 'galerien ridden on 1990-07-14, before the challenge existed (1998)'],
    ['bicingle', '01/08/2000', 'bicingle ridden on 2000-08-01, before the challenge existed (2007)'],
  ])('refuses a %s ridden on %s, before the challenge existed', (epreuve, date, message) => {
    expect(parseCsvRow({ ...row, epreuve, date_passage: date }, 9)).toEqual({
      errors: [{ line: 9, message: `date_passage: ${message}` }],
    });
  });

  it('accepts a ride in the first year of its challenge, and one with no date', () => {
    expect(parseCsvRow({ ...row, epreuve: 'cingle', date_passage: '01/06/1988' }, 2)).toHaveProperty(
      'record',
    );
    expect(parseCsvRow({ ...row, epreuve: 'galerien', date_passage: '1998-06-01' }, 2)).toHaveProperty(
      'record',
    );
    expect(parseCsvRow({ ...row, epreuve: 'bicingle', date_passage: '2007-06-01' }, 2)).toHaveProperty(
      'record',
    );
    expect(parseCsvRow({ ...row, epreuve: 'bicingle', date_passage: '' }, 2)).toHaveProperty('record');
  });

  it('keeps an impossible day or a text that is no date as unknown, with a warning', () => {
    const result = parseCsvRow({ ...row, date_passage: '31/02/1999', date_naissance: 'vers 1960' }, 5);
    expect(result).toMatchObject({ record: { date_passage: null, date_naissance: null } });
    expect('warnings' in result && result.warnings).toEqual([
      { line: 5, message: 'date_naissance: "vers 1960" is not a date; kept as unknown' },
      { line: 5, message: 'date_passage: "31/02/1999" is not a real day; kept as unknown' },
    ]);
  });

  it('gives no warning for an empty date or the legacy placeholder', () => {
    const result = parseCsvRow({ ...row, date_passage: '01/01/1970', date_naissance: ' ' }, 5);
    expect(result).toMatchObject({ record: { date_passage: null, date_naissance: null }, warnings: [] });
  });

  it('reports every problem of the row with its line', () => {
    const result = parseCsvRow(
      { ...row, epreuve: 'Tour', numero: '-3', nom: '', email: 'nope', pays: 'Atlantis', civilite: 'Dr' },
      12,
    );
    expect('errors' in result && result.errors.map((error) => error.line)).toEqual([12, 12, 12, 12, 12, 12]);
    expect('errors' in result && result.errors.map((error) => error.message.split(':')[0])).toEqual(
      expect.arrayContaining(['epreuve', 'numero', 'civilite', 'email', 'pays']),
    );
  });
});

describe('parseLaureatesCsv', () => {
  it('reads semicolons, a byte order mark and quoted fields, with line numbers', () => {
    const parsed = parseLaureatesCsv(
      '\uFEFFepreuve;numero;nom;prenom;ville;total\n' +
        'cingle;1;Dupont;Anne;"Bédoin; Vaucluse";3\n' +
        '\n' +
        'bicingle;1;Martin;Jean;;1\n',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.ignoredColumns).toEqual(['total']);
    expect(parsed.records.map((record) => [record.line, record.nom, record.ville])).toEqual([
      [2, 'Dupont', 'Bédoin; Vaucluse'],
      [4, 'Martin', null],
    ]);
  });

  it('refuses a ride before its challenge with its line, and lists the dates kept as unknown', () => {
    const parsed = parseLaureatesCsv(
      'epreuve,numero,nom,prenom,date_passage\n' +
        'galerien,1,A,B,14/07/1990\n' +
        'cingle,2,C,D,31/02/1995\n' +
        'bicingle,3,E,F,2000-08-01\n' +
        'cingle,4,G,H,1980-06-01\n',
    );
    expect(parsed.errors.map((error) => [error.line, error.message.split(',')[0]])).toEqual([
      [2, 'date_passage: galerien ridden on 1990-07-14'],
      [4, 'date_passage: bicingle ridden on 2000-08-01'],
      [5, 'date_passage: cingle ridden on 1980-06-01'],
    ]);
    expect(parsed.records).toMatchObject([{ line: 3, date_passage: null }]);
    expect(parsed.warnings).toEqual([
      { line: 3, message: 'date_passage: "31/02/1995" is not a real day; kept as unknown' },
    ]);
  });

  it('needs the required columns', () => {
    expect(parseLaureatesCsv('nom,prenom\nA,B\n').errors).toEqual([
      { line: 1, message: 'the header lacks the column(s) epreuve, numero' },
    ]);
  });

  it('refuses the same homologation twice with different data, and skips an identical repeat', () => {
    const parsed = parseLaureatesCsv('epreuve,numero,nom,prenom\ncingle,1,A,B\ncingle,1,A,B\ncingle,1,C,D\n');
    expect(parsed.records).toHaveLength(1);
    expect(parsed.errors).toEqual([{ line: 4, message: 'cingle n° 1 is already on line 2 with other data' }]);
  });

  it('reports a file that is not CSV', () => {
    expect(parseLaureatesCsv('epreuve,numero,nom,prenom\ncingle,1,"A,B\n').errors[0]?.message).toMatch(
      /not readable as CSV/,
    );
  });
});

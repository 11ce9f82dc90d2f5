import { describe, expect, it } from 'vitest';
import { postalAddressLines } from './postal-address.ts';

const street = { adresse: '12 rue des Fleurs', complement: '', code_postal: '84410', ville: 'Bédoin' };

describe('postalAddressLines', () => {
  it.each(['fr', 'be', 'nl', 'de', 'it', 'es', 'ch'])('writes the postcode before the town in %s', (pays) => {
    expect(postalAddressLines({ ...street, pays })).toEqual(['12 rue des Fleurs', '84410 Bédoin']);
  });

  it('writes the town, then the postcode on its own line, in the United Kingdom', () => {
    expect(
      postalAddressLines({
        adresse: '3 Station Parade',
        complement: 'Flat 2',
        code_postal: 'HG1 2AB',
        ville: 'Harrogate',
        pays: 'gb',
      }),
    ).toEqual(['3 Station Parade', 'Flat 2', 'Harrogate', 'HG1 2AB']);
  });

  it('writes the town with its state, then the postcode, on one line in the United States', () => {
    expect(
      postalAddressLines({
        adresse: '1600 Pearl St',
        code_postal: '80302',
        ville: 'Boulder, CO',
        pays: 'us',
      }),
    ).toEqual(['1600 Pearl St', 'Boulder, CO 80302']);
  });

  it('keeps a complement, drops an empty one and trims every part', () => {
    expect(
      postalAddressLines({ ...street, complement: '  Bâtiment B ', ville: ' Bédoin ', pays: 'FR' }),
    ).toEqual(['12 rue des Fleurs', 'Bâtiment B', '84410 Bédoin']);
    expect(postalAddressLines({ ...street, complement: null, pays: 'fr' })).toHaveLength(2);
  });

  it('writes the town in capitals when asked, for an envelope', () => {
    expect(postalAddressLines({ ...street, pays: 'fr' }, { upperCaseTown: true }).at(-1)).toBe(
      '84410 BÉDOIN',
    );
    expect(
      postalAddressLines(
        { adresse: '3 Station Parade', code_postal: 'HG1 2AB', ville: 'Harrogate', pays: 'gb' },
        { upperCaseTown: true },
      ),
    ).toEqual(['3 Station Parade', 'HARROGATE', 'HG1 2AB']);
  });
});

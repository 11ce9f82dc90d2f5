import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locales.ts';
import { webManifest } from './web-manifest.ts';

describe('webManifest', () => {
  it('starts the installed app in the language it was installed from, under one id per language', () => {
    for (const locale of LOCALES) {
      expect(webManifest(locale)).toMatchObject({ id: `/${locale}`, start_url: `/${locale}`, scope: '/' });
    }
    expect(webManifest('de').description).toBe('Drei Straßen, ein Gipfel, ein Tag');
    expect(webManifest('fr').lang).toBe('fr-FR');
  });

  it('has the icons an installable app needs, a maskable one among them', () => {
    const { icons } = webManifest('gb');
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => 'purpose' in icon && icon.purpose === 'maskable')).toBe(true);
  });

  it('is a share target for ride files, posted to "Check my ride" in its own language', () => {
    expect(webManifest('de').share_target).toMatchObject({
      action: '/de/track-check/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'track', accept: expect.arrayContaining(['.gpx', '.tcx', '.fit']) }] },
    });
  });
});

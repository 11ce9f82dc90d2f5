import { describe, expect, it } from 'vitest';
import { movedTo } from './legacy-redirects.ts';

describe('movedTo', () => {
  it("sends the earlier homologation lists to the club's addresses, locale and query kept", () => {
    expect(movedTo('/fr/administration/homologations/in-progress')).toBe('/fr/administration/homologations');
    expect(movedTo('/gb/administration/homologations/history?page=2&q=Paul')).toBe(
      '/gb/administration/homologations/historique?page=2&q=Paul',
    );
    expect(movedTo('/de/administration/homologations/history/')).toBe(
      '/de/administration/homologations/historique',
    );
  });

  it('leaves every other path alone', () => {
    expect(movedTo('/fr/administration/homologations')).toBeNull();
    expect(movedTo('/fr/administration/homologations/historique')).toBeNull();
    expect(movedTo('/fr/administration/homologations/scan')).toBeNull();
    expect(movedTo('/fr/administration/homologations/in-progress-x')).toBeNull();
    expect(movedTo('/api/admin/homologations/history')).toBeNull();
  });
});

/** Reading a ZIP answered by the site: its files by name, as bytes or as text. */
import { strFromU8, unzipSync } from 'fflate';

export function readZip(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  return {
    names: Object.keys(files).sort(),
    bytes: (name: string) => files[name],
    text: (name: string) => (files[name] ? strFromU8(files[name]) : undefined),
    json<T = { kind: string; records: Record<string, unknown>[] }>(name: string): T {
      const file = files[name];
      if (!file) throw new Error(`no ${name} in the ZIP (${Object.keys(files).join(', ')})`);
      return JSON.parse(strFromU8(file)) as T;
    },
    /** Every file as text, to look for what must never be there. */
    everything: () =>
      Object.values(files)
        .map((file) => strFromU8(file))
        .join('\n'),
  };
}

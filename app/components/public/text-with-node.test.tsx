import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextWithNode } from './text-with-node.tsx';

describe('TextWithNode', () => {
  it('puts the element where the value was in the sentence', () => {
    const html = renderToStaticMarkup(
      <TextWithNode
        render={(email) => `Write to us at ${email}.`}
        node={<a href="mailto:c@x.org">c@x.org</a>}
      />,
    );
    expect(html).toBe('Write to us at <a href="mailto:c@x.org">c@x.org</a>.');
  });

  it('keeps a sentence without the value as it is', () => {
    expect(renderToStaticMarkup(<TextWithNode render={() => 'No address.'} node={<b>x</b>} />)).toBe(
      'No address.',
    );
  });
});

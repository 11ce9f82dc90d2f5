/**
 * A translated sentence with an element in place of one of its values (a mailto link inside "write to us at
 * {{email}}"), without splitting the sentence into several keys: the value is rendered as a marker, then the
 * text is cut around it.
 */
import { Fragment, type ReactNode } from 'react';

const MARKER = '\u2060\u2063\u2060';

export function TextWithNode({ render, node }: { render: (marker: string) => string; node: ReactNode }) {
  const parts = render(MARKER).split(MARKER);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && node}
        </Fragment>
      ))}
    </>
  );
}

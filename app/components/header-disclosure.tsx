/**
 * A header button that shows a short list of links or actions below it (the WAI-ARIA disclosure pattern, as for
 * site navigation): Escape or a click or focus outside closes it. It replaces a popup menu so the shell ships no
 * positioning library, and because language links and account links are navigation, not application commands.
 */
import { Paper, UnstyledButton } from '@mantine/core';
import { useClickOutside, useId } from '@mantine/hooks';
import {
  type ComponentPropsWithoutRef,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import classes from './header-disclosure.module.css';

interface HeaderDisclosureProps {
  /** What the button shows; its accessible name comes from `label`. */
  trigger: ReactNode;
  label: string;
  /** A short heading above the list, for the eye only (the list is named by the button). */
  heading?: string;
  triggerProps?: ComponentPropsWithoutRef<'button'> & { 'data-testid'?: string };
  /** The list's items; `close` lets an action close the list first. */
  children: (close: () => void) => ReactNode;
}

export function HeaderDisclosure({ trigger, label, heading, triggerProps, children }: HeaderDisclosureProps) {
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpened(false));
  const close = () => setOpened(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !opened) return;
    event.stopPropagation();
    setOpened(false);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpened(false);
  };

  return (
    <div ref={rootRef} className={classes.root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <UnstyledButton
        {...triggerProps}
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((open) => !open)}
      >
        {trigger}
      </UnstyledButton>
      <Paper id={panelId} hidden={!opened} shadow="md" withBorder className={classes.panel}>
        {heading && (
          <p className={classes.heading} aria-hidden>
            {heading}
          </p>
        )}
        <ul className={classes.list}>{children(close)}</ul>
      </Paper>
    </div>
  );
}

type ItemTarget =
  | ({ kind: 'link' } & ComponentPropsWithoutRef<typeof Link>)
  | ({ kind: 'anchor' } & ComponentPropsWithoutRef<'a'>)
  | ({ kind: 'button' } & ComponentPropsWithoutRef<'button'>);

/** One entry of a disclosure list: an app link, a plain link (a full page load) or a button. */
export function DisclosureItem({
  icon,
  children,
  ...target
}: { icon?: ReactNode; children: ReactNode } & ItemTarget) {
  const content = (
    <>
      {icon && (
        <span className={classes.icon} aria-hidden>
          {icon}
        </span>
      )}
      {children}
    </>
  );
  let item: ReactNode;
  if (target.kind === 'link') {
    const { kind: _kind, ...props } = target;
    item = (
      <Link {...props} className={classes.item}>
        {content}
      </Link>
    );
  } else if (target.kind === 'anchor') {
    const { kind: _kind, ...props } = target;
    item = (
      <a {...props} className={classes.item}>
        {content}
      </a>
    );
  } else {
    const { kind: _kind, ...props } = target;
    item = (
      <button type="button" {...props} className={classes.item}>
        {content}
      </button>
    );
  }
  return <li>{item}</li>;
}

/**
 * A header button that shows a short list of links or actions below it. The list is a popover (the HTML Popover
 * API): the browser opens it from its button, closes it on Escape or a click outside and keeps it above the page,
 * with or without the client, so the pages that ship no script have working menus too. CSS anchor positioning
 * places it under its button. Language and account links are navigation, not application commands, hence links in
 * a list rather than a menu widget.
 */
import { Paper, UnstyledButton } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type ComponentPropsWithoutRef, type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './header-disclosure.module.css';

interface HeaderDisclosureProps {
  /** What the button shows; its accessible name comes from `label`. */
  trigger: ReactNode;
  label: string;
  /** A short heading above the list, for the eye only (the list is named by the button). */
  heading?: string;
  triggerProps?: ComponentPropsWithoutRef<'button'> & { 'data-testid'?: string };
  /** The list's items; `close` lets an action close the list first (the header stays across navigations). */
  children: (close: () => void) => ReactNode;
}

/**
 * Closes a popover of the header when the page changes: the header stays across navigations inside the client,
 * and so would a list or the phone panel left open over the next page (a link inside a nested list, or Back).
 */
export function useClosedOnNavigation(close: () => void) {
  const location = useLocation();
  // Only the location: `close` is a new function at each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(close, [location]);
}

/** A popover's id, and the CSS anchor name (a dashed ident) that ties it to its button. */
export function usePopoverIds() {
  const id = useId();
  return { id, anchor: `--${id.replace(/[^\w-]/g, '')}` };
}

export function HeaderDisclosure({ trigger, label, heading, triggerProps, children }: HeaderDisclosureProps) {
  // Followed from the popover's own `toggle` events; on a page without the client the starter keeps
  // `aria-expanded` in step instead (app/lib/page-without-client.server.ts).
  const [opened, setOpened] = useState(false);
  const { id, anchor } = usePopoverIds();
  const close = () => document.getElementById(id)?.hidePopover();
  useClosedOnNavigation(close);

  return (
    <div className={classes.root}>
      <UnstyledButton
        {...triggerProps}
        type="button"
        aria-label={label}
        aria-expanded={opened}
        popoverTarget={id}
        style={{ anchorName: anchor }}
      >
        {trigger}
      </UnstyledButton>
      <Paper
        id={id}
        popover="auto"
        onToggle={(event) => setOpened(event.newState === 'open')}
        shadow="md"
        withBorder
        className={classes.panel}
        style={{ positionAnchor: anchor }}
      >
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

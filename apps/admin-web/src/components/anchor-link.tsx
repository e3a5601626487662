import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { ComponentPropsWithRef } from 'react';
import type { ScreenPath } from '../lib/screen.js';

function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />;
}

/** Mantine's Anchor as a router link, with `to` and `search` checked against the routes. */
export const AnchorLink = createLink(AnchorElement);

/**
 * A list's column naming the record by a link to a screen with one record: its own detail, its user, its device.
 * `link` says where (and the link's test id); the text is the record's value of the column.
 */
export function linkColumn<T>(
  accessor: keyof T & string,
  title: string,
  link: (record: T) => { to: ScreenPath; id: string; testId?: string },
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => {
      const { to, id, testId } = link(record);
      return (
        // `to` is checked as a ScreenPath where the column is declared; the link's own type wants one literal path.
        <AnchorLink size="sm" to={to as never} search={{ id } as never} data-testid={testId}>
          {String(record[accessor])}
        </AnchorLink>
      );
    },
  };
}

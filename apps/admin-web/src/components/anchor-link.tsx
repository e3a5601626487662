import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />;
}

/** Mantine's Anchor as a router link, with `to` and `search` checked against the routes. */
export const AnchorLink = createLink(AnchorElement);

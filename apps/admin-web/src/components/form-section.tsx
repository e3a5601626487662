import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a long form (a recipe's, a package's): a bordered card under its heading. */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/** One tab of a record's page: its label, what it shows, and the test id of its tab button. */
export interface DetailTab {
  value: string;
  label: ReactNode;
  testId?: string;
  panel: ReactNode;
}

/**
 * A record's page in tabs (its info, its history, …): the first is open on arrival, and a tab's panel is drawn
 * only while it is shown (the history asks for the record's stream only when opened).
 */
export function DetailTabs({ tabs }: { tabs: DetailTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} data-testid={tab.testId}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

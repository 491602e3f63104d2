// Tabs (Radix): keyboard arrows, roles and focus handled by the primitive; one look here.
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import styles from './tabs.module.css';

export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export function TabsList(props: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List {...props} className={styles.list} />;
}

export function TabsTrigger(props: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...props} className={styles.trigger} />;
}

// Tabs (Radix): keyboard arrows, roles and focus handled by the primitive; one look here.
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import styles from './tabs.module.css';

export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

/** `wrap`: many tabs go onto more rows on a narrow screen instead of squeezing each label. */
export function TabsList({ wrap = false, ...props }: ComponentProps<typeof RadixTabs.List> & { wrap?: boolean }) {
  return <RadixTabs.List {...props} className={wrap ? `${styles.list} ${styles.wrap}` : styles.list} />;
}

export function TabsTrigger(props: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...props} className={styles.trigger} />;
}

// Tabs (Radix): keyboard arrows, roles and focus handled by the primitive; one look here.
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { usePageDirection } from '../../lib/text-direction';
import styles from './tabs.module.css';

/** In the page's direction: the tabs run right to left in Arabic, and so do the arrow keys between them. */
export function Tabs(props: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root dir={usePageDirection()} {...props} />;
}
export const TabsContent = RadixTabs.Content;

/** `wrap`: many tabs go onto more rows on a narrow screen instead of squeezing each label. */
export function TabsList({ wrap = false, ...props }: ComponentProps<typeof RadixTabs.List> & { wrap?: boolean }) {
  return <RadixTabs.List {...props} className={wrap ? `${styles.list} ${styles.wrap}` : styles.list} />;
}

export function TabsTrigger(props: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...props} className={styles.trigger} />;
}

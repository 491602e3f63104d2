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

/**
 * `scroll`: the tabs keep one row and whole labels; on a screen too narrow for them all the row scrolls sideways
 * instead of wrapping onto a second row or cutting labels short.
 */
export function TabsList({ scroll = false, ...props }: ComponentProps<typeof RadixTabs.List> & { scroll?: boolean }) {
  return <RadixTabs.List {...props} className={scroll ? `${styles.list} ${styles.scroll}` : styles.list} />;
}

export function TabsTrigger(props: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...props} className={styles.trigger} />;
}

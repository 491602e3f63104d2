// Button: one look for every action; `buttonClass` gives links the same look.
import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'md' | 'small';
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}, extra = '') {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className = '',
  type = 'button',
  ref,
  ...props
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block }, className)} {...props} />;
}

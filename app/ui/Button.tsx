import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';

function classes(variant: Variant, block: boolean | undefined, extra: string | undefined): string {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', block, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={classes(variant, block, className)} {...rest} />;
});

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  block?: boolean;
}

/** A router link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: ButtonLinkProps) {
  return <Link className={classes(variant, block, className)} {...rest} />;
}

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface WidgetButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'icon';
  size?: 'normal' | 'small';
}

/** The widgets' button (type="button" unless told otherwise, so it never submits a form by accident). */
export const WidgetButton = forwardRef<HTMLButtonElement, WidgetButtonProps>(function WidgetButton(
  { variant = 'secondary', size = 'normal', className, type = 'button', ...rest },
  ref,
) {
  const cls = [
    styles.button,
    variant === 'primary' ? styles.primary : '',
    variant === 'icon' ? styles.icon : '',
    size === 'small' ? styles.small : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return <button ref={ref} type={type} className={cls} {...rest} />;
});

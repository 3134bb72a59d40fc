import type { ButtonHTMLAttributes } from 'react';
import './basic.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'middle' | 'small';
  block?: boolean;
  /** Shows a spinner and ignores clicks until done, as Ant Design's `loading`. */
  loading?: boolean;
  testId?: string;
}

/** A button of the pages without Ant Design, drawn like Ant Design's. `type` defaults to "button". */
export function Button({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  testId,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['pp-button', `pp-button-${variant}`];
  if (size === 'small') classes.push('pp-button-small');
  if (block) classes.push('pp-button-block');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      // Not `disabled` while loading: the button keeps its focus and its place in the tab order.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      data-testid={testId}
    >
      {loading ? <span className="pp-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}

import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeInvisibleIcon } from './icons';
import './basic.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated; marks the field invalid and is read out with it. */
  error?: string;
  /** Help under the box, as Ant Design's `extra`. */
  hint?: string;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
  /** A control inside the end of the box. */
  suffix?: ReactNode;
}

/**
 * A labelled text box of the pages without Ant Design, laid out like a vertical Ant Design form
 * item: label, box, error, hint. The label names the box and the error and hint describe it
 * for screen readers.
 */
export function TextField({ label, value, onChange, error, hint, testId, suffix, ref, ...input }: TextFieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'pp-field pp-field-error' : 'pp-field'}>
      <label className="pp-label" htmlFor={id}>
        {label}
      </label>
      <div className="pp-input-wrap">
        <input
          {...input}
          ref={ref}
          id={id}
          className="pp-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          data-testid={testId}
        />
        {suffix}
      </div>
      {error ? (
        <div id={`${id}-error`} className="pp-field-error-text" role="alert">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="pp-field-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A password box with a button that shows or hides what was typed, as Ant Design's Input.Password. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeIcon : EyeInvisibleIcon;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="pp-input-suffix"
          onClick={() => setVisible((v) => !v)}
          aria-label={t(visible ? 'password.hide' : 'password.show')}
          disabled={props.disabled}
        >
          <Icon />
        </button>
      }
    />
  );
}

import type { ReactNode } from 'react';

/** The attributes that tie an input to its label and its error. */
export interface SignInFieldInput {
  id: string;
  status: 'error' | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One field of the sign-in form: its label, the input `children` draws with the attributes given,
 * and the error below it, announced when it appears. Plain markup, not antd Form, to keep the
 * sign-in bundle small.
 */
export function SignInField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  /** The error's text, or undefined while the value is fine. */
  error: string | undefined;
  children: (input: SignInFieldInput) => ReactNode;
}) {
  return (
    <div className="signin__field">
      <label htmlFor={id} className="signin__label">
        {label}
      </label>
      {children({
        id,
        status: error ? 'error' : undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      <div id={`${id}-error`} className="signin__error" role="alert">
        {error ?? null}
      </div>
    </div>
  );
}

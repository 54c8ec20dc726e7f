import type { ReactNode } from 'react';

export interface OptionCard<T extends string> {
  value: T;
  label: string;
  /** A small picture of the option; decorative, the label names it. */
  picture?: ReactNode;
  /** The language of the label when it differs from the page's (language names). */
  lang?: string;
}

/**
 * A group of native radio buttons drawn as cards: arrow keys move between them and choose at once (so each
 * step previews live), Tab leaves the group, and the focus ring shows on the card. Put it in a fieldset.
 */
export function OptionCards<T extends string>({
  name,
  value,
  options,
  onChange,
  size = 'medium',
}: {
  name: string;
  value: T;
  options: OptionCard<T>[];
  onChange: (value: T) => void;
  size?: 'small' | 'medium';
}) {
  return (
    <div className={`option-cards option-cards--${size}`}>
      {options.map((option) => (
        <label key={option.value} className="option-card">
          <input
            type="radio"
            className="option-card__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.picture ? (
            <span className="option-card__picture" aria-hidden="true">
              {option.picture}
            </span>
          ) : null}
          <span className="option-card__label" lang={option.lang}>
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}

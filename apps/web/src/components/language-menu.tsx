import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, theme } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type LocaleCode } from '@rtms/shared/interface-settings';
import { LANGUAGE_CONTROL_NAME } from '../lib/i18n/languages';
import { useInterfaceSettings } from '../lib/interface-settings/settings-store';

/**
 * The language menu: a menu button named "Language" that lists each language by its own name,
 * the current one marked. It follows the ARIA menu-button pattern (arrow keys, Home, End, Escape, Tab) and
 * is built from a plain list rather than antd's Dropdown, because it also sits on the sign-in page, whose
 * JavaScript must stay small. The button shows only the globe, a sign readable in any language: its name
 * is exactly "Language", and showing the current language's name on it would make the visible text differ
 * from the accessible name (WCAG 2.5.3). The open menu marks the current language.
 */
export function LanguageMenu() {
  const { settings, setLanguage } = useInterfaceSettings();
  const { token } = theme.useToken();
  const current = settings.locale.locale;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const nameId = useId();

  useEffect(() => {
    if (!open) return;
    const index = LANGUAGES.findIndex((language) => language.locale === current);
    itemRefs.current[Math.max(0, index)]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Focus moves into the menu when it opens, not again when the language changes underneath.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (code: LocaleCode) => {
    setLanguage(code);
    close(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className="language-menu" ref={rootRef}>
      <Button
        ref={buttonRef}
        type="text"
        className="language-menu__button"
        aria-labelledby={nameId}
        title={LANGUAGE_CONTROL_NAME}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((previous) => !previous)}
        onKeyDown={onButtonKeyDown}
      >
        <GlobalOutlined aria-hidden />
        <span id={nameId} lang="en" className="visually-hidden">
          {LANGUAGE_CONTROL_NAME}
        </span>
      </Button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={nameId}
          className="language-menu__list"
          onKeyDown={onMenuKeyDown}
          style={{
            background: token.colorBgElevated,
            color: token.colorText,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadiusLG,
          }}
        >
          {LANGUAGES.map((language, index) => {
            const selected = language.locale === current;
            return (
              <li key={language.locale} role="none">
                <button
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-current={selected ? 'true' : undefined}
                  className={`language-menu__item${selected ? ' language-menu__item--selected' : ''}`}
                  onClick={() => choose(language.locale)}
                >
                  <span lang={language.locale} dir={language.locale === 'ar' ? 'rtl' : 'ltr'}>
                    {language.name}
                  </span>
                  {selected ? <CheckOutlined aria-hidden /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

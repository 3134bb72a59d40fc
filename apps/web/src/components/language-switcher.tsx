import { LOCALE_NATIVE_NAMES, LOCALES, type Locale } from '@parapet/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, toLocale } from '@/lib/i18n';
import { GlobeIcon } from './basic/icons';
import './basic/basic.css';

// Built without Ant Design: the sign-in page shows it, and loads no UI kit (docs/speed.md). The
// console's header uses the same one, so there is one language menu.

/**
 * Language menu for the header and the public pages; `compact` shows the globe only (narrow
 * screens). Each language is named in itself (the only untranslated UI text), so someone who
 * cannot read the current language still finds their own.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  // A click anywhere else closes the menu, as a dropdown does.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  // Opening puts the focus on the current language, so the arrows start from there.
  useEffect(() => {
    if (open) items.current[LOCALES.indexOf(current)]?.focus();
  }, [open, current]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (locale: Locale) => {
    close();
    void changeLocale(locale);
  };
  const moveFocus = (event: KeyboardEvent) => {
    const at = items.current.findIndex((item) => item === document.activeElement);
    const last = LOCALES.length - 1;
    const to = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      items.current[to]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="pp-menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="pp-button pp-button-text"
        title={t('language')}
        // The globe alone is named by the label; with the language shown, the name is that text
        // behind the word "Language", so what is seen is what speech control can say.
        aria-label={compact ? t('language') : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="language-switcher"
      >
        <GlobeIcon />
        {compact ? null : (
          <>
            <span className="pp-visually-hidden">{t('language')} </span>
            {LOCALE_NATIVE_NAMES[current]}
          </>
        )}
      </button>
      {open ? (
        <div className="pp-menu" role="menu" aria-label={t('language')} onKeyDown={moveFocus}>
          {LOCALES.map((code, index) => (
            <button
              key={code}
              ref={(item) => {
                items.current[index] = item;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={code === current}
              tabIndex={-1}
              lang={code}
              className="pp-menu-item"
              onClick={() => choose(code)}
              data-testid={`locale-${code}`}
            >
              {LOCALE_NATIVE_NAMES[code]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setLaterParts } from '@/lib/after-paint';
import { i18n, initI18n } from '@/lib/i18n';
import { resources } from '@/locales/all';

// Components read translations through react-i18next's global instance, as in main.tsx. The
// app loads the console's texts with the signed-in frame; tests render screens on their own, so
// every namespace is there from the start.
initI18n();
for (const [locale, namespaces] of Object.entries(resources))
  for (const [ns, messages] of Object.entries(namespaces)) i18n.addResourceBundle(locale, ns, messages);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Lazy route chunks load slower when the whole suite shares two cores with the server tests;
// waiting for an element keeps the tests about behaviour, not machine speed. A file's first
// render evaluates the console's modules inside its first wait: 5 s failed four files' first
// tests in a CI run on a busy machine, and 10 s one beside another run (29 Nov). A passing wait
// ends as soon as its element shows, so only a failure costs the 15 s.
configure({ asyncUtilTimeout: 15_000 });

// Parts a screen draws after its first paint (the sidebar's menu) render at once in tests.
setLaterParts('now');

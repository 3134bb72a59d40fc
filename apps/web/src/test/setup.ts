import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

// Components read translations through react-i18next's global instance, as in main.tsx.
initI18n();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Lazy route chunks load slower when the whole suite shares two cores with the server tests;
// waiting up to 5 s for an element keeps the tests about behaviour, not machine speed.
configure({ asyncUtilTimeout: 5000 });

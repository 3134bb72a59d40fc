import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

// Components read translations through react-i18next's global instance, as in main.tsx.
initI18n();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

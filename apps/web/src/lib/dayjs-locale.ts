import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { dayjsLocale, i18n } from './i18n';

// Dates in tables and pickers follow the console's language. A module of its own, imported by
// the signed-in frame and by what formats dates, so dayjs stays off the sign-in page.
const follow = (language: string) => void dayjs.locale(dayjsLocale(language));
follow(i18n.language);
i18n.on('languageChanged', follow);

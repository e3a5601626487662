import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { currentLanguage, DAYJS_LOCALE } from '../../lib/language.js';
import { i18n } from './i18n.js';

// Dates (ours, and those of Mantine's date pickers, which use dayjs) follow the UI language. Set up with the
// console's layout: the login page shows no date, and its route does not carry dayjs.
dayjs.extend(localizedFormat);
const followLanguage = () => void dayjs.locale(DAYJS_LOCALE[currentLanguage()]);
followLanguage();
i18n.on('languageChanged', followLanguage);

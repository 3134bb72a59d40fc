// The global reset Ant Design's screens expect (no body margin, border-box...); CSS only, about 1 kB.
import 'antd/dist/reset.css';
import { startConsole } from './app/start-console';
import { initI18n } from './lib/i18n';
import { applyPalette } from './lib/palette';

// Translations first: the public pages' texts are bundled, so this is synchronous and the first
// paint is translated. The console's texts load with the signed-in frame (router.tsx).
initI18n();
// The plain components' colours (basic.css), from the palette Ant Design's theme also uses.
applyPalette();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
void startConsole(root);

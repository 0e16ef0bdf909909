import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { followLayersInHistory } from './app/layerHistory';
import { createAppRouter } from './app/router';
import { followScrollCatchUp } from './app/scrollCatchUp';
import { guardDoubleTaps } from './app/secondTap';
import { applySiteDefaults } from './app/siteDefaults';
import { initI18n, i18n } from './i18n';
import { loadSiteConfig } from './state/config';
import { followOtherTabs } from './state/changeLocale';
import { localeState } from './state/locale';
import { followOtherTabsSession } from './state/session';
import { applyTheme } from './state/theme';
import './styles/index.css';

// The page's policy refuses eval (server/http/securityHeaders.ts). Left to itself, zod tries
// `new Function` once to learn whether it may compile its object checks, and the browser reports
// the refused try as a policy violation. This is the object `z.config` fills, which zod shares
// between its copies through this global and adopts if it is there first: set so, before any
// answer or form is checked, it keeps zod's code (3 KB compressed) out of the entry.
const zodShared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodShared.__zod_globalConfig ??= {}), { jitless: true });

const start = async () => {
  guardDoubleTaps();
  applyTheme();
  followOtherTabs();
  await initI18n(localeState.locale);
  const router = createAppRouter();
  followLayersInHistory(router);
  followScrollCatchUp(router);
  followOtherTabsSession({
    changed: () => void router.revalidate(),
    switched: () => window.location.reload(),
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  const config = await loadSiteConfig();
  if (config) await applySiteDefaults(config);
};

void start();

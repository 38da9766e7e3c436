import { RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider.js';
import { Provider, appStore } from '../state/jotai.js';
import { router } from './router.js';

export function App() {
  return (
    <Provider store={appStore}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  );
}

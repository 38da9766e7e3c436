import { useAtom } from '../state/jotai.js';
import { appStore } from '../state/jotai.js';
import { toastsAtom, type Toast } from '../state/ui.js';
import { useT } from '../i18n/use-t.js';
import { Icon } from './Icon.js';

let nextId = 1;
const TOAST_MS = 5000;

/**
 * Shows a short message at the bottom; callable from anywhere (not only components). Returns what
 * takes it away earlier: a toast that tells of something under way goes once it is over.
 */
export function showToast(text: string, tone: Toast['tone'] = 'info', shownForMs = TOAST_MS): () => void {
  const id = nextId++;
  const dismiss = () => appStore.set(toastsAtom, (list) => list.filter((toast) => toast.id !== id));
  appStore.set(toastsAtom, (list) => [...list, { id, text, tone }]);
  setTimeout(dismiss, shownForMs);
  return dismiss;
}

export function ToastHost() {
  const t = useT();
  const [toasts, setToasts] = useAtom(toastsAtom);
  return (
    <div className="toast-host" aria-live="polite" role="status">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          <span>{toast.text}</span>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => setToasts((list) => list.filter((x) => x.id !== toast.id))}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TOKENS } from '../../di/tokens';
import { useService } from '../app/resolver';
import { Icon, type IconName } from '../components/Icon';
import { Spinner } from '../components/Spinner';
import type { ShownToast } from './ToastStore';

const ICONS: Readonly<Record<ShownToast['kind'], IconName | null>> = {
  success: 'check',
  copied: 'copy',
  fail: 'alert',
  loading: null,
};

/** Renders the current toast in a polite live region; tapping it hides it. */
export const ToastHost = observer(function ToastHost() {
  const store = useService(TOKENS.ToastStore);
  const { t } = useTranslation();
  const toast = store.current;
  const icon = toast ? ICONS[toast.kind] : null;
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <button
          key={toast.timestamp}
          type="button"
          className={`toast toast--${toast.kind}${store.visible ? '' : ' toast--hiding'}`}
          onClick={store.hide}
        >
          {icon ? <Icon name={icon} /> : <Spinner size={20} />}
          <span className="toast__label">
            {'key' in toast.message ? t(toast.message.key, toast.message.params) : toast.message.text}
          </span>
        </button>
      )}
    </div>
  );
});

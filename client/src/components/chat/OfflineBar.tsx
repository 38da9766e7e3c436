import { useIntl } from 'react-intl';
import { useAtomValue } from '../../state/jotai.js';
import { connectionAtom } from '../../state/chats.js';
import { ChatIcon } from './ChatIcons.js';

/** "Offline, reconnecting…" while the socket is down (the list's, and the open chat's on a phone); nothing otherwise. */
export function OfflineBar({ className = '', testId }: { className?: string; testId: string }) {
  const intl = useIntl();
  if (useAtomValue(connectionAtom) !== 'offline') return null;
  return (
    <p className={`chat-offline-bar ${className}`.trim()} role="status" data-testid={testId}>
      <ChatIcon name="offline" size={14} /> {intl.formatMessage({ id: 'chat.offline' })}
    </p>
  );
}

import { useIntl } from 'react-intl';
import { useAtomValue } from '../../state/jotai.js';
import { connectionAtom } from '../../state/chats.js';
import { ChatIcon } from './ChatIcons.js';

/**
 * While the socket is down (the list's bar, and the open chat's on a phone): "Offline,
 * reconnecting…", or, while REST polling still reaches the server, that updates come late.
 * Nothing otherwise.
 *
 * The status region stays in the page, empty while the connection is fine: screen readers
 * announce a change inside a region they already know, and often skip one that appears with its
 * text already in it.
 */
export function OfflineBar({ className = '', testId }: { className?: string; testId: string }) {
  const intl = useIntl();
  const connection = useAtomValue(connectionAtom);
  const down = connection === 'offline' || connection === 'polling';
  return (
    <div className={`chat-connection-status ${className}`.trim()} role="status" data-testid={`${testId}-status`}>
      {down && (
        <p className={`chat-offline-bar is-${connection}`} data-testid={testId} data-state={connection}>
          <ChatIcon name="offline" size={14} /> {intl.formatMessage({ id: connection === 'offline' ? 'chat.offline' : 'chat.delayed' })}
        </p>
      )}
    </div>
  );
}

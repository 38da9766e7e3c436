import { useIntl } from 'react-intl';
import { pathFor } from '@shared/routes.js';
import type { ApiError } from '../../api/http.js';
import type { ChatTarget } from '../../state/chat-actions.js';
import { ButtonLink } from '../Button.js';
import { OfflineBar } from './OfflineBar.js';
import { ChatHeaderBeforeOpening } from './ChatThreadLoading.js';

/**
 * No answer from the server (the network, or a server error), as against an answer that says no.
 * A 429 says "later" (a CDN in front, or the paging allowance): taken as a no, it replaced the chat
 * the member had just read with "Something went wrong. Please try again." and no Try again.
 */
export const noAnswer = (error: ApiError) => error.status === 0 || error.status === 429 || error.status >= 500;

/**
 * A chat that could not be opened: whose (when the list knows), why (blocked, not found, or no
 * answer), "Try again" when no answer came (`onTryAgain`), and the way back to the list.
 */
export function ChatOpenFailed({ target, error, onTryAgain }: { target: ChatTarget; error: ApiError; onTryAgain: (() => void) | null }) {
  const intl = useIntl();
  return (
    <div className="chat-thread">
      {/* A member who blocked this one shows nothing of theirs, their name neither. */}
      <ChatHeaderBeforeOpening target={target} nameless={error.code === 'blocked'} />
      {/* On a phone, where the list's bar is not on screen: why the chat could not be loaded. */}
      <OfflineBar className="chat-thread-offline" testId="chat-thread-offline" />
      <div className="chat-thread-message">
        {/* 403 blocked: the member blocked this one before they ever wrote; nothing of them is shown. */}
        {error.code === 'blocked' ? (
          <p className="chat-notice chat-notice-danger" data-testid="notice-blocked">{intl.formatMessage({ id: 'chat.blockedMe' })}</p>
        ) : (
          <p className="chat-notice chat-notice-danger">{intl.formatMessage({ id: error.status === 404 ? 'chat.notFound' : 'chat.loadFailed' })}</p>
        )}
        <div className="chat-thread-message-actions">
          {onTryAgain && (
            <button type="button" className="btn btn-primary btn-md" onClick={onTryAgain} data-testid="chat-error-retry">
              {intl.formatMessage({ id: 'chat.tryAgain' })}
            </button>
          )}
          {/* The chat layout has no navigation on a phone: without this the page is a dead end. */}
          <ButtonLink to={pathFor('chats')} variant="secondary" data-testid="chat-error-back">
            {intl.formatMessage({ id: 'chat.back' })}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

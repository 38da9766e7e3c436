import type { ChatTarget } from '../../state/chat-actions.js';
import { chatEntriesAtom, conversationProfilesAtom } from '../../state/chats.js';
import { useAtomValue } from '../../state/jotai.js';
import { Avatar } from '../Avatar.js';
import { Spinner } from '../Spinner.js';
import { ChatBackLink } from './ChatHeader.js';
import { OfflineBar } from './OfflineBar.js';

/**
 * A chat that is still opening: its header (Back, and the member's picture and name when the list
 * has them), the connection bar, then a spinner. On a slow or offline phone opening a chat takes
 * seconds or waits for the network, and the page used to show a spinner alone: no way back (the
 * chat layout has no navigation on a phone) and nothing saying why (a flaky-network audit, session 31).
 */
export function ChatThreadLoading({ target }: { target: ChatTarget }) {
  return (
    <div className="chat-thread" data-testid="chat-thread-loading">
      <ChatHeaderBeforeOpening target={target} />
      <OfflineBar className="chat-thread-offline" testId="chat-thread-offline" />
      <Spinner block />
    </div>
  );
}

/**
 * The header of a chat not open (yet): Back, and the member's picture and name when the list
 * knows them. Also over a chat that could not be opened: on a phone it said what failed, not whose.
 */
export function ChatHeaderBeforeOpening({ target, nameless = false }: { target: ChatTarget; nameless?: boolean }) {
  const entries = useAtomValue(chatEntriesAtom);
  const profileOfConversation = useAtomValue(conversationProfilesAtom);
  const profile = 'profile' in target ? target.profile : profileOfConversation.get(target.conversation);
  const known = profile === undefined || nameless ? undefined : entries.get(profile);
  return (
    <header className="chat-header">
      <ChatBackLink />
      {known && (
        <span className="chat-header-profile">
          <span className="chat-avatar-wrap">
            <Avatar src={known.profile.main_image?.thumb} name={known.profile.name} size={42} />
          </span>
          <span className="chat-header-text">
            <span className="chat-header-name">{known.profile.name}</span>
          </span>
        </span>
      )}
    </header>
  );
}

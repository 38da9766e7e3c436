import { memo } from 'react';
import { useIntl } from 'react-intl';
import { canRetry, deliveryState, type ChatMessage } from '../../state/chat-thread.js';
import { ChatIcon } from './ChatIcons.js';
import { giftEmoji, isEmojiOnly, messageText } from './message-text.js';

interface BubbleProps {
  message: ChatMessage;
  mine: boolean;
  /** "You: " or "James: ", read out before the text and never shown */
  author: string;
  peerLastRead: number;
  firstOfGroup: boolean;
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}

/** One message: text, gift or icebreaker; own ones carry ticks (pending, sent, read) or a retry. */
export const MessageBubble = memo(function MessageBubble({ message, mine, author, peerLastRead, firstOfGroup, onRetry, onDiscard }: BubbleProps) {
  const intl = useIntl();
  const state = mine ? deliveryState(message, peerLastRead) : null;
  const time = intl.formatTime(message.created_at, { hour: '2-digit', minute: '2-digit' });
  const emojiOnly = message.kind === 'text' && isEmojiOnly(message.body);
  const classes = ['chat-bubble-row', mine ? 'is-mine' : 'is-theirs', firstOfGroup ? 'is-first' : '', state ? `is-${state}` : ''].filter(Boolean).join(' ');

  return (
    <div className={classes} data-testid="chat-message" data-state={state ?? 'received'} data-id={message.id ?? ''}>
      <div className={`chat-bubble chat-bubble-${message.kind}${emojiOnly ? ' is-emoji-only' : ''}`}>
        {message.kind === 'gift' && (
          <span className="chat-gift-emoji" aria-hidden="true">
            {giftEmoji(message.gift_id)}
          </span>
        )}
        {message.kind === 'icebreaker' && <span className="chat-icebreaker-label">{intl.formatMessage({ id: 'chat.icebreakerLabel' })}</span>}
        <span className="visually-hidden">{author}</span>
        <span className="chat-bubble-text" dir="auto">{messageText(intl, message, false)}</span>
        <span className="chat-bubble-meta">
          <time dateTime={message.created_at}>{time}</time>
          {state && <Ticks state={state} />}
        </span>
      </div>
      {state === 'failed' && (
        <div className="chat-bubble-failed">
          <span>{intl.formatMessage({ id: 'chat.notSent' })}</span>
          {canRetry(message.failure) && (
            <button type="button" onClick={() => onRetry(message.key)}>
              <ChatIcon name="retry" size={14} /> {intl.formatMessage({ id: 'chat.retry' })}
            </button>
          )}
          <button type="button" onClick={() => onDiscard(message.key)}>
            {intl.formatMessage({ id: 'chat.discard' })}
          </button>
        </div>
      )}
    </div>
  );
});

function Ticks({ state }: { state: 'pending' | 'sent' | 'read' | 'failed' }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `chat.state.${state}` });
  if (state === 'pending') return <span className="chat-ticks" title={label}><ChatIcon name="clock" size={14} label={label} /></span>;
  if (state === 'failed') return <span className="chat-ticks chat-ticks-failed" title={label}><ChatIcon name="alert" size={14} label={label} /></span>;
  return (
    <span className={`chat-ticks chat-ticks-${state}`} title={label} data-testid={`tick-${state}`}>
      <ChatIcon name={state === 'read' ? 'doubleTick' : 'tick'} size={16} label={label} />
    </span>
  );
}

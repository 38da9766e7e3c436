import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { checkMessageBody, cleanMessageBody, messageLength } from '@shared/rules/chat-message.js';
import { useAtomValue } from '../../state/jotai.js';
import { localeAtom } from '../../state/locale.js';
import { userAtom } from '../../state/user.js';
import { ChatIcon } from './ChatIcons.js';
import { formatMinorUnits } from './chat-format.js';
import { useChatSettings } from './use-chat-settings.js';
import { touchScreen } from './touch-screen.js';

const TYPING_REPEAT_MS = 3_000;
const TYPING_IDLE_MS = 4_000;

interface ComposerProps {
  disabled: boolean;
  onSend: (text: string) => void;
  /** tells the peer; answers whether it went out (not while the socket is down or before the chat exists) */
  onTyping: (typing: boolean) => boolean;
  onOpenGifts: () => void;
  /**
   * Bumped to take the keyboard focus once the box is enabled: after an action whose own button
   * went away or was the way in (an icebreaker sent, an unblock from the notice).
   */
  focusRequest?: number;
  /** the chat's unsent text from before (chat-drafts.ts) */
  initialText?: string;
  /**
   * The balance does not cover a message (the notice above says so, with Buy credits): the text
   * can be written and stays, but is not sent.
   */
  short?: boolean;
  /** every change of the text, and '' once it is sent */
  onTextChange?: (text: string) => void;
}

/** Text box with a character counter against message_length, the cost line and send/gift buttons. */
export function Composer({ disabled, onSend, onTyping, onOpenGifts, focusRequest = 0, initialText = '', onTextChange, short = false }: ComposerProps) {
  const intl = useIntl();
  const locale = useAtomValue(localeAtom);
  const credits = useAtomValue(userAtom)?.credits ?? 0;
  const { messageLength: max, messageCredits, minimumCost } = useChatSettings();
  const [text, setText] = useState(initialText);
  const typingSentAt = useRef(0);
  const idleTimer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLTextAreaElement>(null);

  // Counted as it will be sent: the box's own text with trailing line ends would read "1002/1000"
  // in red while the send goes through.
  const length = messageLength(cleanMessageBody(text));
  const check = checkMessageBody(text, max);
  const over = length > max;

  // Blocked, or short of credits: either way nothing may go out.
  const cannotSend = disabled || short;

  const stopTyping = () => {
    window.clearTimeout(idleTimer.current);
    if (typingSentAt.current > 0) onTyping(false);
    typingSentAt.current = 0;
  };
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  useEffect(() => {
    if (focusRequest > 0 && !disabled) box.current?.focus();
  }, [focusRequest, disabled]);

  // Grow with the text up to a few lines. Empty, it keeps one line: the scroll height would also
  // count a placeholder wrapped on a narrow phone (German, French) and open a second line.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    if (text === '') return;
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const change = (value: string) => {
    setText(value);
    onTextChange?.(value);
    if (!value.trim()) return stopTyping();
    const now = Date.now();
    // Only a typing event that went out starts the pause: one dropped while the socket was down
    // kept the peer from seeing "typing…" for the next 3 s of keystrokes.
    // A send time "later than now" is a device clock set back since: waiting for it to pass kept
    // the peer's "typing…" off (it ends 6 s after the last signal) for as long as the step.
    const due = now - typingSentAt.current > TYPING_REPEAT_MS || now < typingSentAt.current;
    if (due && onTyping(true)) typingSentAt.current = now;
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (cannotSend || !check.ok) return;
    onSend(check.body);
    setText('');
    onTextChange?.('');
    stopTyping();
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter makes a new line (and IME composition is left alone). On a touch
    // screen Enter makes the new line, as in phone messengers: an on-screen keyboard has no
    // Shift+Enter, and there its Enter sent every text before its second line; the button sends.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchScreen()) submit(event);
  };

  const cost = minimumCost ? formatMinorUnits(minimumCost.costs, minimumCost.currency, locale, minimumCost.country) : null;

  return (
    // Closed (is-closed): its send button is drawn grey, not in the brand's colours faded as when it
    // only waits for text, and nothing is counted under it.
    <form className={`chat-composer${disabled ? ' is-closed' : ''}`} onSubmit={submit}>
      <div className="chat-composer-row">
        <button type="button" className="chat-tool-button" onClick={onOpenGifts} disabled={disabled} aria-label={intl.formatMessage({ id: 'chat.sendGift' })} title={intl.formatMessage({ id: 'chat.sendGift' })}>
          <ChatIcon name="gift" />
        </button>
        <label className="visually-hidden" htmlFor="chat-composer-input">
          {intl.formatMessage({ id: 'chat.placeholder' })}
        </label>
        <textarea
          id="chat-composer-input"
          ref={box}
          className="chat-composer-input"
          rows={1}
          dir="auto"
          value={text}
          disabled={disabled}
          placeholder={intl.formatMessage({ id: 'chat.placeholder' })}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
          aria-invalid={over || undefined}
          aria-describedby="chat-composer-info"
          data-testid="chat-input"
        />
        {/* Its press leaves the focus in the box: a phone's keyboard closed when the box lost it and
            rose again when the send gave it back, resizing the chat twice for every message. */}
        <button type="submit" className="chat-send-button" disabled={cannotSend || !check.ok} onMouseDown={(event) => event.preventDefault()} aria-label={intl.formatMessage({ id: 'chat.send' })} data-testid="chat-send">
          <ChatIcon name="send" />
        </button>
      </div>
      <div className="chat-composer-info" id="chat-composer-info">
        {/* Two pieces with a dot between them that CSS drops when the balance wraps to a line of its own.
            None under a box the member cannot write in: the notice above says why, and a price there
            read as if writing were a matter of credits. */}
        <span className="chat-composer-cost">
          {!disabled && (
            <>
              <span>
                {intl.formatMessage({ id: 'chat.perMessage' }, { credits: messageCredits })}
                {cost && <> ({intl.formatMessage({ id: 'chat.minimumCost' }, { cost })})</>}
              </span>{' '}
              <span className={`chat-composer-balance${credits <= messageCredits ? ' chat-composer-low' : ''}`}>{intl.formatMessage({ id: 'chat.balance' }, { balance: credits })}</span>
            </>
          )}
        </span>
        {!disabled && (
          <span className={`chat-composer-counter${over ? ' is-over' : length > max * 0.9 ? ' is-near' : ''}`} aria-live={over ? 'polite' : 'off'}>
            {over ? intl.formatMessage({ id: 'chat.counterOver' }, { over: length - max }) : intl.formatMessage({ id: 'chat.counter' }, { count: length, max })}
          </span>
        )}
      </div>
    </form>
  );
}

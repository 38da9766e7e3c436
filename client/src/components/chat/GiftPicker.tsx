import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { GiftDto } from '@shared/api/chats.js';
import { fetchGifts } from '../../api/chats.js';
import { Modal } from '../Modal.js';
import { Spinner } from '../Spinner.js';
import { NoCreditsNotice } from './ChatNotices.js';

/**
 * The gift catalogue (GET /api/gifts.php); each gift costs the site's gift_credits. A gift the
 * balance does not cover is shown but cannot be picked (the notice above the composer offers credits).
 */
export function GiftPicker({ open, credits, onClose, onPick }: { open: boolean; credits: number; onClose: () => void; onPick: (gift: GiftDto) => void }) {
  const intl = useIntl();
  const [gifts, setGifts] = useState<GiftDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** the member's Try again: asks once more */
  const [attempt, setAttempt] = useState(0);

  // Each opening asks again: the operator may have changed a price since (the send would be
  // charged the new one while the sheet showed the old), and a failure of an earlier opening
  // (offline then) is no longer news. The list held meanwhile stays on screen; a refresh that
  // fails keeps it, as it was right a moment ago.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setFailed(false);
    fetchGifts().then(
      (list) => current && setGifts(list),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, attempt]);

  const loadFailed = failed && !gifts;

  return (
    <Modal open={open} title={intl.formatMessage({ id: 'chat.giftTitle' })} onClose={onClose} size="sm">
      <p className="chat-modal-lead">{intl.formatMessage({ id: 'chat.giftLead' })}</p>
      {!gifts && !failed && <Spinner block />}
      {loadFailed && (
        <div className="chat-gift-failed">
          <p className="chat-notice chat-notice-danger">{intl.formatMessage({ id: 'chat.loadFailed' })}</p>
          <button type="button" className="btn btn-secondary btn-md" onClick={() => setAttempt((n) => n + 1)}>
            {intl.formatMessage({ id: 'chat.tryAgain' })}
          </button>
        </div>
      )}
      {gifts && gifts.some((gift) => gift.credits > credits) && <NoCreditsNotice testId="gift-credits" className="chat-gift-credits" onLeave={onClose} />}
      {gifts && (
        <ul className="chat-gift-grid">
          {gifts.map((gift) => (
            <li key={gift.id}>
              <button type="button" className="chat-gift-option" onClick={() => onPick(gift)} disabled={gift.credits > credits} data-testid={`gift-${gift.id}`}>
                <span className="chat-gift-option-emoji" aria-hidden="true">
                  {gift.emoji}
                </span>
                <span className="chat-gift-option-name">{intl.formatMessage({ id: `chat.gift.${gift.id}` })}</span>
                <span className="chat-gift-option-cost">{intl.formatMessage({ id: 'chat.credits' }, { count: gift.credits })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

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

  useEffect(() => {
    if (!open || gifts) return;
    // Each opening tries again: a failure of an earlier one (offline then) is no longer news.
    setFailed(false);
    fetchGifts().then(setGifts, () => setFailed(true));
  }, [open, gifts]);

  return (
    <Modal open={open} title={intl.formatMessage({ id: 'chat.giftTitle' })} onClose={onClose} size="sm">
      <p className="chat-modal-lead">{intl.formatMessage({ id: 'chat.giftLead' })}</p>
      {!gifts && !failed && <Spinner block />}
      {failed && <p className="chat-notice chat-notice-danger">{intl.formatMessage({ id: 'chat.loadFailed' })}</p>}
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

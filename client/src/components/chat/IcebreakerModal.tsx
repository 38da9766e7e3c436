import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IcebreakerDto } from '@shared/api/chats.js';
import { ICEBREAKERS } from '@shared/rules/chat-icebreakers.js';
import { fetchIcebreakers } from '../../api/chats.js';
import { Modal } from '../Modal.js';

/**
 * Openers for an empty conversation; the stored message is the opener's i18n key. One tap sends it
 * and spends `messageCredits`: the dialog says so, as the price under the message box is dimmed
 * behind it.
 */
export function IcebreakerModal({
  open,
  name,
  messageCredits,
  onClose,
  onPick,
}: {
  open: boolean;
  name: string;
  messageCredits: number;
  onClose: () => void;
  onPick: (icebreaker: IcebreakerDto) => void;
}) {
  const intl = useIntl();
  const [openers, setOpeners] = useState<IcebreakerDto[]>([...ICEBREAKERS]);

  useEffect(() => {
    if (!open) return;
    // The server's list wins when it answers; the shared list is there so the modal never waits.
    fetchIcebreakers().then(setOpeners, () => undefined);
  }, [open]);

  return (
    <Modal open={open} title={intl.formatMessage({ id: 'chat.icebreakerTitle' })} onClose={onClose} id="icebreaker-modal">
      <p className="chat-modal-lead">{intl.formatMessage({ id: 'chat.icebreakerLead' }, { name, credits: messageCredits })}</p>
      <ul className="chat-icebreaker-list">
        {openers.map((opener) => (
          <li key={opener.id}>
            <button type="button" className="chat-icebreaker-option" onClick={() => onPick(opener)} data-testid={`icebreaker-${opener.id}`}>
              {intl.formatMessage({ id: opener.key })}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathFor } from '@shared/routes.js';
import type { SendFailure } from '../../state/chat-thread.js';

interface ChatNoticesProps {
  name: string;
  blockedMe: boolean;
  blockedByMe: boolean;
  canReceiveReplies: boolean;
  /** a free member at the conversation limit, in a chat not begun yet */
  premiumRequired?: boolean;
  failure: SendFailure | null;
  /** the balance does not cover a message: say so before a send is refused */
  short?: boolean;
  /** the balance now: a refusal for credits it covers (credits bought since) is no reason any more */
  credits?: number;
  onUnblock: () => void;
}

/**
 * Why the member cannot write (blocked, unconfirmed peer, the conversation limit, credits) or why
 * the last send failed. A refusal for a block, an unconfirmed peer or the limit is told through the
 * chat's state (state/refusal-causes.ts), so its notice goes with its cause.
 */
export function ChatNotices({ name, blockedMe, blockedByMe, canReceiveReplies, premiumRequired = false, failure, short = false, credits = 0, onUnblock }: ChatNoticesProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <div className="chat-notices" aria-live="polite">
      {blockedMe && <p className="chat-notice chat-notice-danger" data-testid="notice-blocked">{t('chat.blockedMe')}</p>}
      {!blockedMe && blockedByMe && (
        <p className="chat-notice" data-testid="notice-blocked-by-me">
          {t('chat.blockedByMe', { name })}{' '}
          <button type="button" className="chat-notice-action" onClick={onUnblock}>
            {t('chat.unblock')}
          </button>
        </p>
      )}
      {!blockedMe && !blockedByMe && !canReceiveReplies && <p className="chat-notice chat-notice-warning" data-testid="notice-unconfirmed">{t('chat.unconfirmed', { name })}</p>}
      {(short || stillShort(failure, credits)) && <NoCreditsNotice testId="notice-credits" alert />}
      {premiumRequired && (
        <div className="chat-notice chat-notice-premium chat-notice-cta" role="alert" data-testid="notice-premium">
          <span>
            <strong>{t('chat.premiumOnlyTitle')}</strong> {t('chat.premiumOnly')}
          </span>
          <Link className="btn btn-primary btn-sm" to={pathFor('premium')}>
            {t('chat.getPremium')}
          </Link>
        </div>
      )}
      {failure && !['insufficient_credits', 'conversation_limit', 'recipient_unconfirmed', 'blocked', 'network'].includes(failure.code) && (
        <p className="chat-notice chat-notice-danger" role="alert">{intl.formatMessage({ id: `errors.${failure.code}`, defaultMessage: t('chat.sendFailed') }, { max: 0, minutes: 0 })}</p>
      )}
    </div>
  );
}

/**
 * Whether a refusal for credits still holds: once the balance covers what the message needed, the
 * member retries it (the bubble's Retry) rather than buying more. A refusal that does not say what
 * it needed holds until the message goes.
 */
function stillShort(failure: SendFailure | null, credits: number): boolean {
  return failure?.code === 'insufficient_credits' && (failure.needed === undefined || credits < failure.needed);
}

/**
 * "You do not have enough credits" with Buy credits (spec section 8): above the composer, where it
 * is announced (`alert`), and in the gift picker, which passes `onLeave` to close itself on the way
 * to the credits page.
 */
export function NoCreditsNotice({ testId, className = '', alert = false, onLeave }: { testId: string; className?: string; alert?: boolean; onLeave?: () => void }) {
  const intl = useIntl();
  return (
    <div className={`chat-notice chat-notice-danger chat-notice-cta ${className}`.trim()} role={alert ? 'alert' : undefined} data-testid={testId}>
      <span>{intl.formatMessage({ id: 'chat.noCredits' })}</span>
      <Link className="btn btn-primary btn-sm" to={pathFor('credits')} onClick={onLeave}>
        {intl.formatMessage({ id: 'chat.buyCredits' })}
      </Link>
    </div>
  );
}

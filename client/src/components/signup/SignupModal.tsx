import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { signupsOpenForVisitor } from '@shared/rules/signups-open-client.js';
import { ApiError } from '../../api/http.js';
import { signup } from '../../api/user.js';
import { useT } from '../../i18n/use-t.js';
import { useAtom, useAtomValue, useSetAtom } from '../../state/jotai.js';
import { localeAtom } from '../../state/locale.js';
import { settingsAtom } from '../../state/settings.js';
import { EMPTY_DRAFT, clearStoredDraft, signupDraftAtom, signupPasswordAtom, type SignupDraft } from '../../state/signup-draft.js';
import { trackingRecordAtom } from '../../state/tracking.js';
import { signupModalOpenAtom } from '../../state/ui.js';
import { userAtom } from '../../state/user.js';
import { Button } from '../Button.js';
import { Modal } from '../Modal.js';
import { SignupNotice, type NoticeKind } from './SignupNotice.js';
import { STEPS, STEP_TITLES } from './SignupSteps.js';
import { LAST_STEP, stepOfField, validateAll, validateStep, type FieldErrors } from './validate.js';

/**
 * Sign-up in five short steps (spec section 4: steps 0..4, then "check your e-mail"). The draft
 * survives reloads (sessionStorage, without the password); Esc and the backdrop do not close
 * the modal once the visitor has started.
 */
export function SignupModal() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useAtom(signupModalOpenAtom);
  const [draft, setDraft] = useAtom(signupDraftAtom);
  const [password, setPassword] = useAtom(signupPasswordAtom);
  const settings = useAtomValue(settingsAtom);
  const tracking = useAtomValue(trackingRecordAtom);
  const locale = useAtomValue(localeAtom);
  const setUser = useSetAtom(userAtom);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeKind | null>(null);
  const [completedEmail, setCompletedEmail] = useState<string | null>(null);

  const step = Math.min(Math.max(draft.step, 0), LAST_STEP);
  const inProgress = step > 0 || draft.gender !== '' || draft.seeking !== '';
  const closed = !signupsOpenForVisitor(settings?.signups, tracking, location.search);

  const update = (patch: Partial<SignupDraft>) => {
    setDraft({ ...draft, ...patch });
    const cleared = { ...errors };
    for (const key of Object.keys(patch)) delete cleared[key as keyof FieldErrors];
    setErrors(cleared);
  };
  const close = () => {
    setOpen(false);
    setNotice(null);
    setFailure(null);
    if (completedEmail) {
      setCompletedEmail(null);
      void navigate('/complete-signup');
    } else if (location.pathname === '/signup' || /\/signup$/.test(location.pathname)) {
      void navigate('/');
    }
  };
  /** Leaving for the login page: just hide the modal, the link navigates. */
  const leave = () => {
    setOpen(false);
    setNotice(null);
  };
  const goTo = (next: number) => {
    setFailure(null);
    setDraft({ ...draft, step: next });
  };

  const submit = async () => {
    const { errors: all, firstStep } = validateAll(draft, password, Date.now());
    if (firstStep !== -1) {
      setErrors(all);
      goTo(firstStep);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const country = settings?.geoip_selected_country;
      const user = await signup({
        email: draft.email.trim(),
        name: draft.name.trim(),
        password,
        date_of_birth: draft.date_of_birth,
        signup_message: draft.signup_message.trim() || undefined,
        gender: draft.gender as 'male' | 'female',
        seeking: draft.seeking as 'male' | 'female' | 'both',
        country: country && settings?.countries?.includes(country) ? country : undefined,
        traffic_source: tracking ?? undefined,
        language: locale,
      });
      setUser(user);
      setCompletedEmail(user.email);
      setDraft(EMPTY_DRAFT);
      clearStoredDraft();
      setPassword('');
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const handleError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setFailure(t('errors.try_later'));
      return;
    }
    if (error.code === 'account_exists' || error.code === 'account_pending_deletion' || error.code === 'signups_closed') {
      setNotice(error.code);
      return;
    }
    const fieldErrors: FieldErrors = {};
    for (const [field, code] of Object.entries(error.fields)) fieldErrors[field as keyof FieldErrors] = `errors.${code}`;
    if (Object.keys(fieldErrors).length === 0 && (error.code === 'invalid_email' || error.code === 'email_required')) fieldErrors.email = `errors.${error.code}`;
    if (Object.keys(fieldErrors).length === 0) {
      setFailure(t(`errors.${error.code}`, { minutes: 0, max: 0 }));
      return;
    }
    setErrors(fieldErrors);
    goTo(Math.min(...Object.keys(fieldErrors).map(stepOfField)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === LAST_STEP) {
      void submit();
      return;
    }
    // A date input holding half a date reports it only through its validity.
    const birthDate = event.currentTarget.querySelector<HTMLInputElement>('input[name=date_of_birth]');
    const stepErrors = validateStep(step, draft, password, Date.now(), { birthDateIncomplete: birthDate?.validity.badInput === true });
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) goTo(step + 1);
  };

  if (completedEmail) {
    return (
      <Modal open={open} title={t('signup.checkMailTitle')} onClose={close} id="signup-modal" size="sm">
        <SignupNotice kind="check_mail" email={completedEmail} onClose={close} />
      </Modal>
    );
  }
  const noticeKind: NoticeKind | null = notice ?? (closed ? 'signups_closed' : null);
  if (noticeKind) {
    return (
      <Modal open={open} title={t('signup.title')} onClose={close} id="signup-modal" size="sm">
        <SignupNotice kind={noticeKind} email={draft.email} onClose={close} onLeave={leave} />
      </Modal>
    );
  }

  const StepBody = STEPS[step]!;
  return (
    <Modal open={open} title={t('signup.title')} onClose={close} dismissible={!inProgress} id="signup-modal" size="sm">
      <form className="signup-form" onSubmit={onSubmit} noValidate data-step={step}>
        <div className="stepper" aria-hidden="true">
          {STEPS.map((_, i) => (
            <span key={i} className={`stepper-dot${i <= step ? ' stepper-dot-done' : ''}`} />
          ))}
        </div>
        <p className="step-count">{t('signup.stepOf', { step: step + 1, total: STEPS.length })}</p>
        <h3 className="step-title">{t(STEP_TITLES[step]!)}</h3>
        <StepBody draft={draft} update={update} errors={errors} password={password} setPassword={setPassword} />
        {failure && (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        )}
        <div className="signup-actions">
          {step > 0 && (
            <Button variant="ghost" onClick={() => goTo(step - 1)} disabled={busy}>
              {t('common.back')}
            </Button>
          )}
          <Button type="submit" size="lg" busy={busy} className="signup-next">
            {step === LAST_STEP ? t('signup.submit') : t('common.continue')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

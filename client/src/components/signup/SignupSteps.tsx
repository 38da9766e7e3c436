import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { MINIMUM_AGE } from '@shared/constants.js';
import { suggestEmail } from '@shared/rules/email-suggestion.js';
import { useT } from '../../i18n/use-t.js';
import type { SignupDraft } from '../../state/signup-draft.js';
import { Input, Textarea } from '../Input.js';
import { ChoiceGroup } from './ChoiceGroup.js';
import type { FieldErrors } from './validate.js';

export interface StepProps {
  draft: SignupDraft;
  update: (patch: Partial<SignupDraft>) => void;
  errors: FieldErrors;
  password: string;
  setPassword: (password: string) => void;
}

function useFieldError(errors: FieldErrors) {
  const t = useT();
  return (field: keyof FieldErrors) => {
    const id = errors[field];
    return id ? t(id, { minutes: 0, max: 0 }) : null;
  };
}

export function GenderStep({ draft, update, errors }: StepProps) {
  const t = useT();
  const error = useFieldError(errors);
  return (
    <>
      <ChoiceGroup
        legend={t('signup.iAm')}
        name="gender"
        value={draft.gender}
        error={error('gender')}
        onChange={(gender) => update({ gender })}
        options={[
          { value: 'male', label: t('signup.man'), emoji: '👨' },
          { value: 'female', label: t('signup.woman'), emoji: '👩' },
        ]}
      />
      <ChoiceGroup
        legend={t('signup.lookingFor')}
        name="seeking"
        value={draft.seeking}
        error={error('seeking')}
        onChange={(seeking) => update({ seeking })}
        options={[
          { value: 'male', label: t('signup.men'), emoji: '👨' },
          { value: 'female', label: t('signup.women'), emoji: '👩' },
          { value: 'both', label: t('signup.both'), emoji: '💞' },
        ]}
      />
    </>
  );
}

/** The newest date of birth that is old enough, as the date input's max. */
function latestBirthDate(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - MINIMUM_AGE);
  return d.toISOString().slice(0, 10);
}

export function BirthDateStep({ draft, update, errors }: StepProps) {
  const t = useT();
  const error = useFieldError(errors);
  return (
    <Input
      label={t('signup.dateOfBirth')}
      type="date"
      name="date_of_birth"
      autoComplete="bday"
      min="1900-01-01"
      max={latestBirthDate()}
      value={draft.date_of_birth}
      error={error('date_of_birth')}
      hint={t('signup.dateOfBirthHint', { age: MINIMUM_AGE })}
      onChange={(e) => update({ date_of_birth: e.target.value })}
      autoFocus
    />
  );
}

export function NameStep({ draft, update, errors }: StepProps) {
  const t = useT();
  const error = useFieldError(errors);
  return (
    <Input
      label={t('signup.name')}
      name="name"
      autoComplete="nickname"
      maxLength={40}
      value={draft.name}
      error={error('name')}
      hint={t('signup.nameHint')}
      onChange={(e) => update({ name: e.target.value })}
      autoFocus
    />
  );
}

export function AccountStep({ draft, update, errors, password, setPassword }: StepProps) {
  const t = useT();
  const error = useFieldError(errors);
  const [showPassword, setShowPassword] = useState(false);
  const [touchedEmail, setTouchedEmail] = useState(false);
  const suggestion = touchedEmail || errors.email ? suggestEmail(draft.email) : null;
  return (
    <>
      <Input
        label={t('signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={draft.email}
        error={error('email')}
        onBlur={() => setTouchedEmail(true)}
        onChange={(e) => update({ email: e.target.value })}
        autoFocus
      />
      {suggestion && suggestion !== draft.email && (
        <p className="suggestion" role="status">
          {t('signup.didYouMean')}{' '}
          <button type="button" className="link-button" onClick={() => update({ email: suggestion })}>
            {suggestion}
          </button>
          ?
        </p>
      )}
      <div className="password-field">
        <Input
          label={t('signup.password')}
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          value={password}
          error={error('password')}
          hint={t('signup.passwordHint')}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="button" className="link-button password-toggle" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
          {showPassword ? t('signup.hidePassword') : t('signup.showPassword')}
        </button>
      </div>
    </>
  );
}

export function MessageStep({ draft, update, errors }: StepProps) {
  const t = useT();
  const error = useFieldError(errors);
  return (
    <>
      <Textarea
        label={t('signup.message')}
        name="signup_message"
        rows={4}
        maxLength={2000}
        placeholder={t('signup.messagePlaceholder')}
        value={draft.signup_message}
        error={error('signup_message')}
        hint={t('signup.messageHint')}
        onChange={(e) => update({ signup_message: e.target.value })}
        // As on every step before: without it the focus stayed on the button that became "Create my
        // account", and Enter pressed by habit made the account past the message and the terms.
        autoFocus
      />
      <p className="fine-print">
        <FormattedMessage
          id="signup.agree"
          values={{
            terms: (chunks) => <Link to="/pages/terms">{chunks}</Link>,
            privacy: (chunks) => <Link to="/pages/privacy">{chunks}</Link>,
          }}
        />
      </p>
    </>
  );
}

export const STEPS = [GenderStep, BirthDateStep, NameStep, AccountStep, MessageStep];
export const STEP_TITLES = ['signup.step0', 'signup.step1', 'signup.step2', 'signup.step3', 'signup.step4'];

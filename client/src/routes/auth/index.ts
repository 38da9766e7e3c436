export { LoginPage } from './LoginPage.js';
export { SignupPage } from './SignupPage.js';
export { ResetPasswordPage, ResetPasswordDoPage } from './PasswordResetPages.js';
export { ActivateDonePage, ActivateErrorPage, MailChangeDoPage, AccountDeletedPage } from './AccountStatusPages.js';
export { CompleteSignupPage, SignupMatchesPage } from './CompleteSignupPage.js';

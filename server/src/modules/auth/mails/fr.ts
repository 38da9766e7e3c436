import type { MailCopy } from './copy.js';

export const fr: MailCopy = {
  greeting: (name) => `Bonjour ${name},`,
  linkFallback: 'Si le bouton ne fonctionne pas, copie ce lien dans ton navigateur :',
  validFor: (hours) => `Le lien est valable ${hours} ${hours === 1 ? 'heure' : 'heures'} et ne peut être utilisé qu’une seule fois.`,
  ignoreNote: 'Tu n’as rien demandé ? Tu peux alors ignorer cet e-mail en toute tranquillité.',
  signOff: (site) => `À bientôt,\nL’équipe ${site}`,
  activation: {
    subject: (site) => `Confirme ton adresse e-mail pour ${site}`,
    intro: (site) => `Bienvenue sur ${site} ! Confirme ton adresse e-mail pour activer ton compte et commencer à discuter.`,
    button: 'Activer mon compte',
  },
  reset: {
    subject: (site) => `Réinitialise ton mot de passe ${site}`,
    intro: (site) => `Nous avons reçu une demande de réinitialisation du mot de passe de ton compte ${site}. Choisis un nouveau mot de passe avec le bouton ci-dessous.`,
    button: 'Choisir un nouveau mot de passe',
  },
  mailChange: {
    subject: (site) => `Confirme ta nouvelle adresse e-mail pour ${site}`,
    intro: (site) => `Confirme que tu souhaites désormais utiliser cette adresse e-mail pour ton compte ${site}.`,
    button: 'Confirmer ma nouvelle adresse',
  },
};

import type { MailCopy } from './copy.js';

export const es: MailCopy = {
  greeting: (name) => `Hola, ${name}:`,
  linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
  validFor: (hours) => `El enlace es válido durante ${hours} ${hours === 1 ? 'hora' : 'horas'} y solo se puede usar una vez.`,
  ignoreNote: '¿No lo has solicitado tú? Entonces puedes ignorar este correo sin problema.',
  signOff: (site) => `Un saludo,\nEl equipo de ${site}`,
  activation: {
    subject: (site) => `Confirma tu dirección de correo para ${site}`,
    intro: (site) => `¡Bienvenido/a a ${site}! Confirma tu dirección de correo electrónico para activar tu cuenta y empezar a chatear.`,
    button: 'Activar mi cuenta',
  },
  reset: {
    subject: (site) => `Restablece tu contraseña de ${site}`,
    intro: (site) => `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${site}. Elige una nueva contraseña con el botón de abajo.`,
    button: 'Elegir una nueva contraseña',
  },
  mailChange: {
    subject: (site) => `Confirma tu nueva dirección de correo para ${site}`,
    intro: (site) => `Confirma que a partir de ahora quieres usar esta dirección de correo para tu cuenta de ${site}.`,
    button: 'Confirmar mi nueva dirección',
  },
};

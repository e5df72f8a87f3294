/** The bot's texts in Spanish (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const es: BotTexts = {
  commandStart: 'Abrir Backers',
  commandHelp: 'Cómo funciona Backers',
  menuButton: 'Abrir',
  start:
    'Backers permite a los creadores de canales ganar dinero con suscripciones de pago y donaciones. Abre la app para empezar.',
  startButton: 'Abrir Backers',
  startWithLink: 'Toca el botón para continuar en Backers.',
  help: 'Creadores: añade este bot a tu canal como administrador y luego crea una suscripción en la app.\nSeguidores: paga con el botón que hay debajo de una publicación o envía el comando de una suscripción, como $vip, para recibir su factura.\n/start abre la app.',
  subscriptionOffer: '{name} en {channel}',
  subscriptionButton: 'Suscribirse',
  unknownCommand: 'No hay ninguna suscripción con este comando. Consúltalo con el creador del canal.',
  payoutFailed:
    'Tu cobro de {amount} no se pudo completar: {reason}. El dinero volvió a tu saldo y se enviará el próximo día de cobro. Revisa tus datos de cobro en la app.',
  payoutFailureReasons: {
    account_details: 'se rechazaron los datos de cobro, revísalos en los ajustes de cobro',
    declined: 'el banco del destinatario lo rechazó',
    card: 'la tarjeta de cobro ya no se puede usar, vuelve a añadirla en los ajustes de cobro',
    provider: 'el proveedor de pagos no pudo enviarlo',
  },
  adminSignIn:
    'Tu enlace para iniciar sesión en la consola de operadores de Backers (de un solo uso, válido durante 10 minutos):\n{link}',
  adminRefused: 'Este comando es solo para los operadores de Backers.',
  moderationApproved:
    'Tu canal {channel} superó la moderación. Ya puedes vender suscripciones y recibir donaciones en él.',
  moderationRejected: 'Tu canal {channel} no superó la moderación: {reason}. Si tienes dudas, escribe a soporte.',
  renewalReminder:
    'Tu suscripción {name} en {channel} se renueva el {date}: cobraremos {amount} en tu tarjeta guardada. Puedes cambiar la tarjeta o cancelar la suscripción en la app.',
  renewalReminderPromo: 'Código promocional {code}: {amount} en lugar de {full}.',
  renewalReminderRetention: 'Tu oferta para quedarte: {amount} en lugar de {full}.',
  renewalReminderButton: 'Abrir',
  renewalFailed:
    'No pudimos cobrar en tu tarjeta el pago de {name} en {channel}. Lo volveremos a intentar y mantienes el acceso hasta el {date}. Paga con otra tarjeta para no perderlo.',
  renewalFailedButton: 'Pagar con otra tarjeta',
  trialReminder:
    'Tu prueba gratuita de {name} en {channel} termina el {date}. No se cobra nada automáticamente: para seguir, paga {amount} entonces y te enviaremos el enlace. Puedes cancelar en la app.',
  trialEnded: 'Tu prueba gratuita de {name} en {channel} ha terminado. Paga {amount} para seguir suscrito.',
  trialEndedButton: 'Suscribirme',
  identityApproved:
    'Tu identidad está confirmada. Ya puedes añadir este bot a tus canales y ganar con suscripciones y donaciones.',
  identityRejected: 'No pudimos confirmar tu identidad: {reason}. Si tienes dudas, escribe a soporte.',
  identityRetry: 'Tu verificación de identidad no se superó: {reason}. Abre la app para intentarlo de nuevo.',
  identityNoReason: 'no se dieron detalles',
  paymentUnavailable: 'Este pago ya no se puede realizar. Abre la aplicación para ver la oferta actual.',
  goalOf: '{raised} de {goal}',
  goalRaised: '{raised} recaudados',
  goalCount: 'donaciones: {count}',
  goalEnds: 'termina el {date}',
  goalEnded: 'finalizada',
  goalReached: 'meta alcanzada',
  goalReachedNotice: 'Tu solicitud de donaciones {name} en {channel} alcanzó su meta: {raised} de {goal}.',
  goalEndedNotice:
    'Tu solicitud de donaciones {name} en {channel} ha finalizado con {raised} recaudados. Sigue aceptando donaciones, y la publicación ahora indica que ha finalizado.',
  paymentPriceChanged: 'El precio ha cambiado. Vuelve a abrir la factura en la aplicación para ver el nuevo precio.',
  giftRefunded:
    'Tu regalo {name} en {channel} no se aceptó en 30 días, así que te hemos devuelto {amount} a tu tarjeta.',
  giftRefundedUnavailable:
    'Tu regalo {name} en {channel} ya no se puede aceptar porque la suscripción ya no está disponible, así que te hemos devuelto {amount} a tu tarjeta.',
  giftAccepted: '{recipient} aceptó tu regalo {name} en {channel}.',
  giftTakenBack:
    'El regalo {name} en {channel} que aceptaste se reembolsó a quien te lo hizo, así que se retiró el tiempo que no habías usado. Tu acceso dura ahora hasta el {date}.',
};

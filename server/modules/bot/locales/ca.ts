/** The bot's texts in Catalan (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const ca: BotTexts = {
  commandStart: 'Obre Backers',
  commandHelp: 'Com funciona Backers',
  menuButton: 'Obre',
  start:
    "Backers permet als creadors de canals guanyar diners amb subscripcions de pagament i donacions. Obre l'aplicació per començar.",
  startButton: 'Obre Backers',
  startWithLink: 'Toca el botó per continuar a Backers.',
  help: "Creadors: afegeix aquest bot al teu canal com a administrador i després crea una subscripció a l'aplicació.\nSeguidors: paga amb el botó que hi ha sota una publicació o envia l'ordre d'una subscripció, com ara $vip, per rebre'n la factura.\n/start obre l'aplicació.",
  subscriptionOffer: '{name} al canal {channel}',
  subscriptionButton: 'Subscriu-te',
  unknownCommand: 'Cap subscripció no té aquesta ordre. Consulta-ho amb el creador del canal.',
  payoutFailed:
    "El cobrament de {amount} ha fallat: {reason}. Els diners han tornat al saldo i s'enviaran el pròxim dia de cobrament. Revisa les dades de cobrament a l'aplicació.",
  payoutFailureReasons: {
    account_details: "s'han rebutjat les dades de cobrament, revisa-les a la configuració de cobrament",
    declined: "el banc del destinatari l'ha rebutjat",
    card: 'la targeta de cobrament ja no es pot fer servir, torna-la a afegir a la configuració de cobrament',
    provider: "el proveïdor de pagaments no l'ha pogut enviar",
  },
  adminSignIn:
    "El teu enllaç per iniciar la sessió a la consola d'operadors de Backers (d'un sol ús, vàlid durant 10 minuts):\n{link}",
  adminRefused: 'Aquesta ordre és només per als operadors de Backers.',
  moderationApproved:
    'El teu canal {channel} ha superat la moderació. Ara hi pots vendre subscripcions i acceptar donacions.',
  moderationRejected:
    'El teu canal {channel} no ha superat la moderació: {reason}. Si tens cap pregunta, escriu al suport.',
  renewalReminder:
    "La teva subscripció {name} al canal {channel} es renovarà el dia {date}: carregarem {amount} a la teva targeta desada. Pots canviar la targeta o cancel·lar la subscripció a l'aplicació.",
  renewalReminderPromo: 'Codi promocional {code}: {amount} en lloc de {full}.',
  renewalReminderRetention: 'La teva oferta per quedar-te: {amount} en lloc de {full}.',
  renewalReminderButton: 'Obre',
  renewalFailed:
    "No hem pogut fer el càrrec a la teva targeta per {name} al canal {channel}. Ho tornarem a provar i mantindràs l'accés fins al dia {date}. Paga amb una altra targeta per no perdre'l.",
  renewalFailedButton: 'Usa una altra targeta',
  trialReminder:
    'La teva prova gratuïta de {name} a {channel} acaba el {date}. No es cobra res automàticament: per continuar, paga {amount} llavors i t’enviarem l’enllaç. Pots cancel·lar a l’app.',
  trialEnded: 'La teva prova gratuïta de {name} a {channel} ha acabat. Paga {amount} per continuar subscrit.',
  trialEndedButton: 'Subscriure’m',
  identityApproved:
    'La teva identitat està confirmada. Ara pots afegir aquest bot als teus canals i guanyar diners amb subscripcions i donacions.',
  identityRejected: 'No hem pogut confirmar la teva identitat: {reason}. Si tens cap pregunta, escriu al suport.',
  identityRetry:
    'La verificació de la teva identitat no s’ha superat: {reason}. Obre l’aplicació per tornar-ho a provar.',
  identityNoReason: 'no s’han donat detalls',
  paymentUnavailable: "Aquest pagament ja no es pot fer. Obre l'aplicació per veure l'oferta actual.",
  goalOf: '{raised} de {goal}',
  goalRaised: '{raised} recaptats',
  goalCount: 'donacions: {count}',
  goalEnds: 'acaba el {date}',
  goalEnded: 'finalitzada',
  goalReached: 'objectiu assolit',
  goalReachedNotice: 'La teva petició de donacions {name} a {channel} ha assolit l’objectiu: {raised} de {goal}.',
  goalEndedNotice:
    'La teva petició de donacions {name} a {channel} ha finalitzat amb {raised} recaptats. Encara accepta donacions, i la publicació ara indica que ha finalitzat.',
  paymentPriceChanged: "El preu ha canviat. Torna a obrir la factura a l'aplicació per veure el preu nou.",
  giftRefunded:
    'El teu regal {name} a {channel} no s’ha acceptat en 30 dies, així que t’hem retornat {amount} a la targeta.',
  giftRefundedUnavailable:
    'El teu regal {name} a {channel} ja no es pot acceptar perquè la subscripció ja no està disponible, així que t’hem retornat {amount} a la targeta.',
  giftAccepted: '{recipient} ha acceptat el teu regal {name} a {channel}.',
  giftTakenBack:
    'El regal {name} a {channel} que vas acceptar s’ha retornat a qui te’l va fer, així que s’ha retirat el temps que no havies fet servir. Ara el teu accés dura fins al {date}.',
};

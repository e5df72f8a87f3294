/** The bot's texts in Italian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const it: BotTexts = {
  commandStart: 'Apri Backers',
  commandHelp: 'Come funziona Backers',
  menuButton: 'Apri',
  start:
    "Backers permette agli autori dei canali di guadagnare con abbonamenti a pagamento e donazioni. Apri l'app per iniziare.",
  startButton: 'Apri Backers',
  startWithLink: 'Tocca il pulsante per continuare su Backers.',
  help: "Autori: aggiungi questo bot al tuo canale come amministratore, poi crea un abbonamento nell'app.\nIscritti: paga con il pulsante sotto un post, oppure invia il comando di un abbonamento, come $vip, per ricevere la fattura.\n/start apre l'app.",
  subscriptionOffer: '{name} su {channel}',
  subscriptionButton: 'Abbonati',
  unknownCommand: "Nessun abbonamento usa questo comando. Verificalo con l'autore del canale.",
  payoutFailed:
    "Il tuo accredito di {amount} non è andato a buon fine: {reason}. Il denaro è tornato sul tuo saldo e partirà nel prossimo giorno di accredito. Controlla i dati per l'accredito nell'app.",
  payoutFailureReasons: {
    account_details: "i dati per l'accredito sono stati rifiutati, controllali nelle impostazioni accrediti",
    declined: "la banca del destinatario l'ha rifiutato",
    card: 'la carta per gli accrediti non è più utilizzabile, aggiungila di nuovo nelle impostazioni accrediti',
    provider: 'il fornitore di pagamenti non è riuscito a inviarlo',
  },
  adminSignIn: 'Il tuo link di accesso alla console operatori di Backers (monouso, valido 10 minuti):\n{link}',
  adminRefused: 'Questo comando è riservato agli operatori di Backers.',
  moderationApproved:
    'Il tuo canale {channel} ha superato la moderazione. Ora puoi vendere abbonamenti e ricevere donazioni sul canale.',
  moderationRejected:
    "Il tuo canale {channel} non ha superato la moderazione: {reason}. Se hai domande, scrivi all'assistenza.",
  renewalReminder:
    "Il tuo abbonamento {name} su {channel} si rinnova in data {date}: addebiteremo {amount} sulla tua carta salvata. Puoi cambiare carta o annullare l'abbonamento nell'app.",
  renewalReminderPromo: 'Codice promozionale {code}: {amount} invece di {full}.',
  renewalReminderRetention: 'La tua offerta di permanenza: {amount} invece di {full}.',
  renewalReminderButton: 'Apri',
  renewalFailed:
    "L'addebito sulla tua carta per {name} su {channel} non è riuscito. Riproveremo e il tuo accesso resta attivo fino al giorno {date}. Paga con un'altra carta per non perderlo.",
  renewalFailedButton: "Paga con un'altra carta",
  trialReminder:
    'La tua prova gratuita di {name} su {channel} termina il {date}. Non viene addebitato nulla in automatico: per restare, paga {amount} a quel punto, ti invieremo il link. Puoi annullare nell’app.',
  trialEnded: 'La tua prova gratuita di {name} su {channel} è terminata. Paga {amount} per restare abbonato.',
  trialEndedButton: 'Abbonati',
  identityApproved:
    'La tua identità è confermata. Ora puoi aggiungere questo bot ai tuoi canali e guadagnare con abbonamenti e donazioni.',
  identityRejected: "Non siamo riusciti a confermare la tua identità: {reason}. Se hai domande, scrivi all'assistenza.",
  identityRetry: "La verifica della tua identità non è andata a buon fine: {reason}. Apri l'app per riprovare.",
  identityNoReason: 'nessun dettaglio fornito',
  paymentUnavailable: "Questo pagamento non è più possibile. Apri l'app per vedere l'offerta attuale.",
  goalOf: '{raised} su {goal}',
  goalRaised: '{raised} raccolti',
  goalCount: 'donazioni: {count}',
  goalEnds: 'termina il {date}',
  goalEnded: 'conclusa',
  goalReached: 'obiettivo raggiunto',
  goalReachedNotice: 'La tua richiesta di donazioni {name} su {channel} ha raggiunto l’obiettivo: {raised} su {goal}.',
  goalEndedNotice:
    'La tua richiesta di donazioni {name} su {channel} si è conclusa con {raised} raccolti. Accetta ancora donazioni e il post ora indica che è conclusa.',
  paymentPriceChanged: "Il prezzo è cambiato. Riapri la fattura nell'app per vedere il nuovo prezzo.",
  giftRefunded:
    'Il tuo regalo {name} in {channel} non è stato accettato entro 30 giorni: ti abbiamo rimborsato {amount} sulla carta.',
  giftRefundedUnavailable:
    'Il tuo regalo {name} in {channel} non può più essere accettato perché l’abbonamento non è più disponibile: ti abbiamo rimborsato {amount} sulla carta.',
  giftAccepted: '{recipient} ha accettato il tuo regalo {name} in {channel}.',
  giftTakenBack:
    'Il regalo {name} in {channel} che hai accettato è stato rimborsato a chi te l’ha fatto, quindi il tempo non ancora usato è stato tolto. Ora il tuo accesso dura fino al {date}.',
};

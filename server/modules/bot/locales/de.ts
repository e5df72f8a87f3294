/** The bot's texts in German (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const de: BotTexts = {
  commandStart: 'Backers öffnen',
  commandHelp: 'So funktioniert Backers',
  menuButton: 'Öffnen',
  start:
    'Mit Backers verdienen Creator mit ihren Kanälen Geld – durch bezahlte Abos und Spenden. Öffne die App, um loszulegen.',
  startButton: 'Backers öffnen',
  startWithLink: 'Tippe auf die Schaltfläche, um in Backers fortzufahren.',
  help: 'Für Creator: Füge diesen Bot als Administrator zu deinem Kanal hinzu und erstelle dann in der App ein Abo.\nFür Abonnenten: Bezahle über die Schaltfläche unter einem Beitrag oder sende den Befehl eines Abos, z. B. $vip, um die Rechnung dafür zu erhalten.\n/start öffnet die App.',
  subscriptionOffer: '{name} im Kanal {channel}',
  subscriptionButton: 'Abonnieren',
  unknownCommand: 'Zu diesem Befehl gibt es kein Abo. Frag am besten beim Creator des Kanals nach.',
  payoutFailed:
    'Deine Auszahlung von {amount} ist fehlgeschlagen: {reason}. Das Geld ist wieder in deinem Guthaben und wird am nächsten Auszahlungstag ausgezahlt. Prüfe deine Auszahlungsdaten in der App.',
  payoutFailureReasons: {
    account_details: 'die Auszahlungsdaten wurden abgelehnt, prüfe sie in den Auszahlungseinstellungen',
    declined: 'die Bank des Empfängers hat sie abgelehnt',
    card: 'die Auszahlungskarte kann nicht mehr verwendet werden, füge sie in den Auszahlungseinstellungen erneut hinzu',
    provider: 'der Zahlungsdienstleister konnte sie nicht senden',
  },
  adminSignIn: 'Dein Anmeldelink für die Operator-Konsole von Backers (nur einmal nutzbar, 10 Minuten gültig):\n{link}',
  adminRefused: 'Dieser Befehl ist nur für Operatoren von Backers.',
  moderationApproved:
    'Dein Kanal {channel} hat die Moderation bestanden. Du kannst dort jetzt Abos verkaufen und Spenden annehmen.',
  moderationRejected:
    'Dein Kanal {channel} hat die Moderation nicht bestanden: {reason}. Bei Fragen schreib gern dem Support.',
  renewalReminder:
    'Dein Abo {name} im Kanal {channel} verlängert sich am {date}. Dabei buchen wir {amount} von deiner gespeicherten Karte ab. In der App kannst du die Karte ändern oder das Abo kündigen.',
  renewalReminderPromo: 'Promo-Code {code}: {amount} statt {full}.',
  renewalReminderRetention: 'Dein Halteangebot: {amount} statt {full}.',
  renewalReminderButton: 'Öffnen',
  renewalFailed:
    'Wir konnten deine Karte für {name} im Kanal {channel} nicht belasten. Wir versuchen es erneut, und dein Zugriff bleibt bis zum {date} bestehen. Zahle mit einer anderen Karte, um ihn zu behalten.',
  renewalFailedButton: 'Mit anderer Karte zahlen',
  trialReminder:
    'Dein kostenloser Testzeitraum für {name} im Kanal {channel} endet am {date}. Es wird nichts automatisch abgebucht: Um dabeizubleiben, zahlst du dann {amount}, den Link schicken wir dir. Kündigen kannst du in der App.',
  trialEnded:
    'Dein kostenloser Testzeitraum für {name} im Kanal {channel} ist vorbei. Zahle {amount}, um dabeizubleiben.',
  trialEndedButton: 'Abonnieren',
  identityApproved:
    'Deine Identität ist bestätigt. Du kannst diesen Bot jetzt zu deinen Kanälen hinzufügen und mit Abos und Spenden verdienen.',
  identityRejected: 'Wir konnten deine Identität nicht bestätigen: {reason}. Bei Fragen schreib gern dem Support.',
  identityRetry:
    'Deine Identitätsprüfung ist nicht bestanden: {reason}. Öffne die App, um es noch einmal zu versuchen.',
  identityNoReason: 'ohne nähere Angaben',
  paymentUnavailable: 'Diese Zahlung ist nicht mehr möglich. Öffne die App, um das aktuelle Angebot zu sehen.',
  goalOf: '{raised} von {goal}',
  goalRaised: '{raised} gesammelt',
  goalCount: 'Spenden: {count}',
  goalEnds: 'endet am {date}',
  goalEnded: 'beendet',
  goalReached: 'Ziel erreicht',
  goalReachedNotice: 'Dein Spendenaufruf {name} in {channel} hat sein Ziel erreicht: {raised} von {goal}.',
  goalEndedNotice:
    'Dein Spendenaufruf {name} in {channel} ist beendet, gesammelt: {raised}. Er nimmt weiter Spenden an, und der Beitrag zeigt jetzt, dass er beendet ist.',
  paymentPriceChanged:
    'Der Preis hat sich geändert. Öffne die Rechnung in der App erneut, um den neuen Preis zu sehen.',
  giftRefunded:
    'Dein Geschenk {name} in {channel} wurde nicht innerhalb von 30 Tagen angenommen. Wir haben {amount} auf deine Karte erstattet.',
  giftRefundedUnavailable:
    'Dein Geschenk {name} in {channel} kann nicht mehr angenommen werden, weil das Abo nicht mehr verfügbar ist. Wir haben {amount} auf deine Karte erstattet.',
  giftAccepted: '{recipient} hat dein Geschenk {name} in {channel} angenommen.',
  giftTakenBack:
    'Das Geschenk {name} in {channel}, das du angenommen hast, wurde der schenkenden Person erstattet. Die ungenutzte Zeit entfällt daher: Dein Zugang gilt jetzt bis {date}.',
};

/** The bot's texts in Dutch (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const nl: BotTexts = {
  commandStart: 'Backers openen',
  commandHelp: 'Zo werkt Backers',
  menuButton: 'Openen',
  start:
    'Met Backers verdienen makers geld met hun kanaal via betaalde abonnementen en donaties. Open de app om te beginnen.',
  startButton: 'Backers openen',
  startWithLink: 'Tik op de knop om verder te gaan in Backers.',
  help: 'Voor makers: voeg deze bot als beheerder toe aan je kanaal en maak daarna een abonnement aan in de app.\nVoor volgers: betaal met de knop onder een bericht, of stuur het commando van een abonnement, zoals $vip, om de factuur te krijgen.\n/start opent de app.',
  subscriptionOffer: '{name} in het kanaal {channel}',
  subscriptionButton: 'Abonneren',
  unknownCommand: 'Er is geen abonnement met dit commando. Vraag het na bij de maker van het kanaal.',
  payoutFailed:
    'Je uitbetaling van {amount} is mislukt: {reason}. Het geld staat weer op je saldo en wordt op de volgende uitbetalingsdag uitbetaald. Controleer je uitbetalingsgegevens in de app.',
  payoutFailureReasons: {
    account_details: 'de uitbetalingsgegevens zijn geweigerd, controleer ze in de uitbetalingsinstellingen',
    declined: 'de bank van de ontvanger heeft de uitbetaling geweigerd',
    card: 'de uitbetalingskaart kan niet meer worden gebruikt, voeg de kaart opnieuw toe in de uitbetalingsinstellingen',
    provider: 'de betaalprovider kon de uitbetaling niet versturen',
  },
  adminSignIn: 'Je inloglink voor de operatorconsole van Backers (eenmalig te gebruiken, 10 minuten geldig):\n{link}',
  adminRefused: 'Dit commando is alleen voor operators van Backers.',
  moderationApproved:
    'Je kanaal {channel} is na moderatie goedgekeurd. Je kunt er nu abonnementen verkopen en donaties ontvangen.',
  moderationRejected:
    'Je kanaal {channel} is na moderatie afgekeurd: {reason}. Heb je vragen? Schrijf de klantenservice.',
  renewalReminder:
    'Je abonnement {name} in het kanaal {channel} wordt op {date} verlengd: we schrijven dan {amount} af van je opgeslagen kaart. In de app kun je de kaart wijzigen of het abonnement opzeggen.',
  renewalReminderPromo: 'Promocode {code}: {amount} in plaats van {full}.',
  renewalReminderRetention: 'Je blijfaanbod: {amount} in plaats van {full}.',
  renewalReminderButton: 'Openen',
  renewalFailed:
    'We konden de betaling voor {name} in het kanaal {channel} niet van je kaart afschrijven. We proberen het opnieuw en je houdt toegang tot {date}. Betaal met een andere kaart om je toegang te houden.',
  renewalFailedButton: 'Met andere kaart betalen',
  trialReminder:
    'Je gratis proefperiode van {name} in {channel} eindigt op {date}. Er wordt niets automatisch afgeschreven: betaal dan {amount} om te blijven, we sturen je de link. Opzeggen kan in de app.',
  trialEnded: 'Je gratis proefperiode van {name} in {channel} is afgelopen. Betaal {amount} om geabonneerd te blijven.',
  trialEndedButton: 'Abonneren',
  identityApproved:
    'Je identiteit is bevestigd. Je kunt deze bot nu aan je kanalen toevoegen en verdienen met abonnementen en donaties.',
  identityRejected: 'We konden je identiteit niet bevestigen: {reason}. Heb je vragen? Schrijf de klantenservice.',
  identityRetry: 'Je identiteitscontrole is niet geslaagd: {reason}. Open de app om het opnieuw te proberen.',
  identityNoReason: 'er zijn geen details gegeven',
  paymentUnavailable: 'Deze betaling is niet meer mogelijk. Open de app om het huidige aanbod te zien.',
  goalOf: '{raised} van {goal}',
  goalRaised: '{raised} opgehaald',
  goalCount: 'donaties: {count}',
  goalEnds: 'eindigt op {date}',
  goalEnded: 'afgelopen',
  goalReached: 'doel bereikt',
  goalReachedNotice: 'Je donatieverzoek {name} in {channel} heeft het doel bereikt: {raised} van {goal}.',
  goalEndedNotice:
    'Je donatieverzoek {name} in {channel} is afgelopen met {raised} opgehaald. Het neemt nog steeds donaties aan, en het bericht laat nu zien dat het afgelopen is.',
  paymentPriceChanged: 'De prijs is gewijzigd. Open de factuur opnieuw in de app om de nieuwe prijs te zien.',
  giftRefunded:
    'Je cadeau {name} in {channel} is niet binnen 30 dagen aangenomen, dus we hebben {amount} teruggestort op je kaart.',
  giftRefundedUnavailable:
    'Je cadeau {name} in {channel} kan niet meer worden aangenomen omdat het abonnement niet meer beschikbaar is, dus we hebben {amount} teruggestort op je kaart.',
  giftAccepted: '{recipient} heeft je cadeau {name} in {channel} aangenomen.',
  giftTakenBack:
    'Het cadeau {name} in {channel} dat je hebt aangenomen, is terugbetaald aan de gever, dus de ongebruikte tijd is ingetrokken. Je toegang loopt nu tot {date}.',
};

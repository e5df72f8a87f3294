/** The bot's texts in Croatian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const hr: BotTexts = {
  commandStart: 'Otvori Backers',
  commandHelp: 'Kako funkcionira Backers',
  menuButton: 'Otvori',
  start: 'Backers autorima kanala omogućuje zaradu od plaćenih pretplata i donacija. Otvorite aplikaciju i započnite.',
  startButton: 'Otvori Backers',
  startWithLink: 'Dodirnite gumb da biste nastavili u Backersu.',
  help: 'Autori: dodajte ovog bota u svoj kanal kao administratora, a zatim u aplikaciji izradite pretplatu.\nPratitelji: platite gumbom ispod objave ili pošaljite naredbu pretplate, npr. $vip, da biste dobili račun.\n/start otvara aplikaciju.',
  subscriptionOffer: '{name} u kanalu {channel}',
  subscriptionButton: 'Pretplati se',
  unknownCommand: 'Ne postoji pretplata s tom naredbom. Provjerite je kod autora kanala.',
  payoutFailed:
    'Vaša isplata od {amount} nije uspjela: {reason}. Novac je vraćen na vaš saldo i bit će isplaćen na sljedeći dan isplate. Provjerite podatke za isplatu u aplikaciji.',
  payoutFailureReasons: {
    account_details: 'podaci za isplatu su odbijeni, provjerite ih u postavkama isplate',
    declined: 'banka primatelja ju je odbila',
    card: 'kartica za isplatu više se ne može koristiti, ponovno je dodajte u postavkama isplate',
    provider: 'pružatelj plaćanja nije je mogao poslati',
  },
  adminSignIn: 'Vaša poveznica za prijavu u konzolu operatera Backersa (jednokratna, vrijedi 10 minuta):\n{link}',
  adminRefused: 'Ova je naredba samo za operatere Backersa.',
  moderationApproved:
    'Vaš kanal {channel} prošao je moderaciju. Sada u njemu možete prodavati pretplate i primati donacije.',
  moderationRejected: 'Vaš kanal {channel} nije prošao moderaciju: {reason}. Ako imate pitanja, pišite podršci.',
  renewalReminder:
    'Vaša pretplata {name} u kanalu {channel} obnavlja se {date}. Tada će se s vaše spremljene kartice naplatiti {amount}. Karticu možete promijeniti ili pretplatu otkazati u aplikaciji.',
  renewalReminderPromo: 'Promo kod {code}: {amount} umjesto {full}.',
  renewalReminderRetention: 'Vaša ponuda za ostanak: {amount} umjesto {full}.',
  renewalReminderButton: 'Otvori',
  renewalFailed:
    'Nismo uspjeli naplatiti pretplatu {name} u kanalu {channel} s vaše kartice. Pokušat ćemo ponovno, a pristup zadržavate do {date}. Platite drugom karticom da ga ne izgubite.',
  renewalFailedButton: 'Plati drugom karticom',
  trialReminder:
    'Vaše besplatno probno razdoblje pretplate {name} na kanalu {channel} završava {date}. Ništa se ne naplaćuje automatski: da biste ostali, tada platite {amount}, poslat ćemo vam poveznicu. Otkazati možete u aplikaciji.',
  trialEnded:
    'Vaše besplatno probno razdoblje pretplate {name} na kanalu {channel} je završilo. Platite {amount} da ostanete pretplatnik.',
  trialEndedButton: 'Pretplati se',
  identityApproved:
    'Vaš je identitet potvrđen. Sada možete dodati ovog bota u svoje kanale i zarađivati od pretplata i donacija.',
  identityRejected: 'Nismo uspjeli potvrditi vaš identitet: {reason}. Ako imate pitanja, pišite podršci.',
  identityRetry: 'Provjera identiteta nije prošla: {reason}. Otvorite aplikaciju i pokušajte ponovno.',
  identityNoReason: 'razlog nije naveden',
  paymentUnavailable: 'Ovo plaćanje više nije moguće. Otvorite aplikaciju da biste vidjeli trenutačnu ponudu.',
  goalOf: '{raised} od {goal}',
  goalRaised: 'prikupljeno {raised}',
  goalCount: 'donacija: {count}',
  goalEnds: 'završava {date}',
  goalEnded: 'završeno',
  goalReached: 'cilj postignut',
  goalReachedNotice: 'Vaše prikupljanje donacija {name} u kanalu {channel} postiglo je cilj: {raised} od {goal}.',
  goalEndedNotice:
    'Vaše prikupljanje donacija {name} u kanalu {channel} završilo je, prikupljeno {raised}. I dalje prima donacije, a objava sada navodi da je završeno.',
  paymentPriceChanged: 'Cijena se promijenila. Ponovno otvorite račun u aplikaciji da biste vidjeli novu cijenu.',
  giftRefunded: 'Vaš poklon {name} u {channel} nije prihvaćen u 30 dana pa smo vam vratili {amount} na karticu.',
  giftRefundedUnavailable:
    'Vaš poklon {name} u {channel} više se ne može prihvatiti jer pretplata više nije dostupna pa smo vam vratili {amount} na karticu.',
  giftAccepted: 'Vaš poklon {name} u {channel} je prihvaćen. Primatelj: {recipient}.',
  giftTakenBack:
    'Poklon {name} u {channel} koji ste prihvatili vraćen je darivatelju pa je njegovo neiskorišteno vrijeme poništeno. Vaš pristup sada traje do {date}.',
};

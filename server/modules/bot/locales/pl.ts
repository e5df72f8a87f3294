/** The bot's texts in Polish (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const pl: BotTexts = {
  commandStart: 'Otwórz Backers',
  commandHelp: 'Jak działa Backers',
  menuButton: 'Otwórz',
  start:
    'Backers pozwala twórcom kanałów zarabiać na płatnych subskrypcjach i darowiznach. Otwórz aplikację, aby zacząć.',
  startButton: 'Otwórz Backers',
  startWithLink: 'Stuknij przycisk, aby kontynuować w Backers.',
  help: 'Twórcy: dodaj tego bota do swojego kanału jako administratora, a potem utwórz subskrypcję w aplikacji.\nObserwujący: zapłać przyciskiem pod postem albo wyślij polecenie subskrypcji, np. $vip, aby otrzymać rachunek.\n/start otwiera aplikację.',
  subscriptionOffer: '{name} w kanale {channel}',
  subscriptionButton: 'Subskrybuj',
  unknownCommand: 'Żadna subskrypcja nie ma takiego polecenia. Sprawdź je u twórcy kanału.',
  payoutFailed:
    'Twoja wypłata {amount} nie powiodła się: {reason}. Pieniądze wróciły na Twoje saldo i zostaną wysłane w najbliższym dniu wypłat. Sprawdź dane do wypłat w aplikacji.',
  payoutFailureReasons: {
    account_details: 'dane do wypłat zostały odrzucone, sprawdź je w ustawieniach wypłat',
    declined: 'bank odbiorcy ją odrzucił',
    card: 'karty do wypłat nie można już używać, dodaj ją ponownie w ustawieniach wypłat',
    provider: 'operator płatności nie mógł jej wysłać',
  },
  adminSignIn: 'Twój link do logowania w konsoli operatorów Backers (jednorazowy, ważny 10 minut):\n{link}',
  adminRefused: 'To polecenie jest tylko dla operatorów Backers.',
  moderationApproved:
    'Twój kanał {channel} przeszedł moderację. Możesz już sprzedawać w nim subskrypcje i przyjmować darowizny.',
  moderationRejected: 'Twój kanał {channel} nie przeszedł moderacji: {reason}. Jeśli masz pytania, napisz do wsparcia.',
  renewalReminder:
    'Twoja subskrypcja {name} w kanale {channel} odnowi się {date}: pobierzemy {amount} z zapisanej karty. W aplikacji możesz zmienić kartę lub anulować subskrypcję.',
  renewalReminderPromo: 'Kod promocyjny {code}: {amount} zamiast {full}.',
  renewalReminderRetention: 'Twoja oferta pozostania: {amount} zamiast {full}.',
  renewalReminderButton: 'Otwórz',
  renewalFailed:
    'Nie udało się pobrać opłaty z Twojej karty za subskrypcję {name} w kanale {channel}. Spróbujemy ponownie, a dostęp zachowasz do {date}. Zapłać inną kartą, aby go nie stracić.',
  renewalFailedButton: 'Zapłać inną kartą',
  trialReminder:
    'Twój bezpłatny okres próbny {name} na kanale {channel} kończy się {date}. Nic nie zostanie pobrane automatycznie: aby zostać, zapłać wtedy {amount}, wyślemy Ci link. Możesz zrezygnować w aplikacji.',
  trialEnded:
    'Twój bezpłatny okres próbny {name} na kanale {channel} się zakończył. Zapłać {amount}, aby zostać subskrybentem.',
  trialEndedButton: 'Subskrybuj',
  identityApproved:
    'Twoja tożsamość została potwierdzona. Możesz teraz dodać tego bota do swoich kanałów i zarabiać na subskrypcjach i darowiznach.',
  identityRejected: 'Nie udało się potwierdzić Twojej tożsamości: {reason}. Jeśli masz pytania, napisz do wsparcia.',
  identityRetry: 'Weryfikacja tożsamości nie powiodła się: {reason}. Otwórz aplikację, aby spróbować ponownie.',
  identityNoReason: 'nie podano szczegółów',
  paymentUnavailable: 'Tej płatności nie można już zrealizować. Otwórz aplikację, aby zobaczyć aktualną ofertę.',
  goalOf: '{raised} z {goal}',
  goalRaised: 'zebrano {raised}',
  goalCount: 'wpłat: {count}',
  goalEnds: 'koniec {date}',
  goalEnded: 'zakończona',
  goalReached: 'cel osiągnięty',
  goalReachedNotice: 'Twoja zbiórka {name} na kanale {channel} osiągnęła cel: {raised} z {goal}.',
  goalEndedNotice:
    'Twoja zbiórka {name} na kanale {channel} zakończyła się, zebrano {raised}. Nadal przyjmuje wpłaty, a post pokazuje teraz, że się zakończyła.',
  paymentPriceChanged: 'Cena się zmieniła. Otwórz ponownie fakturę w aplikacji, aby zobaczyć nową cenę.',
  giftRefunded:
    'Twój prezent {name} w {channel} nie został przyjęty w ciągu 30 dni, więc zwróciliśmy {amount} na Twoją kartę.',
  giftRefundedUnavailable:
    'Twojego prezentu {name} w {channel} nie można już przyjąć, bo subskrypcja nie jest już dostępna, więc zwróciliśmy {amount} na Twoją kartę.',
  giftAccepted: 'Twój prezent {name} w {channel} został przyjęty. Odbiorca: {recipient}.',
  giftTakenBack:
    'Za prezent {name} w {channel} zwrócono pieniądze darczyńcy, więc jego niewykorzystany czas został cofnięty. Twój dostęp trwa teraz do {date}.',
};

/** The bot's texts in Czech (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const cs: BotTexts = {
  commandStart: 'Otevřít Backers',
  commandHelp: 'Jak Backers funguje',
  menuButton: 'Otevřít',
  start: 'Backers umožňuje autorům kanálů vydělávat na placeném předplatném a darech. Pro začátek otevřete aplikaci.',
  startButton: 'Otevřít Backers',
  startWithLink: 'Klepněte na tlačítko a pokračujte v Backers.',
  help: 'Autoři: přidejte tohoto bota do svého kanálu jako správce a pak v aplikaci vytvořte předplatné.\nOdběratelé: zaplaťte tlačítkem pod příspěvkem nebo pošlete příkaz předplatného, například $vip, a dostanete výzvu k platbě.\n/start otevře aplikaci.',
  subscriptionOffer: '{name} v kanálu {channel}',
  subscriptionButton: 'Předplatit',
  unknownCommand: 'Předplatné s tímto příkazem neexistuje. Ověřte si příkaz u autora kanálu.',
  payoutFailed:
    'Vaše výplata {amount} se nezdařila: {reason}. Peníze se vrátily na váš zůstatek a odejdou v příští výplatní den. Zkontrolujte údaje pro výplaty v aplikaci.',
  payoutFailureReasons: {
    account_details: 'údaje pro výplaty byly odmítnuty, zkontrolujte je v nastavení výplat',
    declined: 'banka příjemce ji odmítla',
    card: 'kartu pro výplaty už nelze použít, přidejte ji znovu v nastavení výplat',
    provider: 'poskytovatel plateb ji nemohl odeslat',
  },
  adminSignIn: 'Váš odkaz pro přihlášení do konzole operátorů Backers (jednorázový, platí 10 minut):\n{link}',
  adminRefused: 'Tento příkaz je jen pro operátory Backers.',
  moderationApproved: 'Váš kanál {channel} prošel moderací. Nyní v něm můžete prodávat předplatné a přijímat dary.',
  moderationRejected: 'Váš kanál {channel} neprošel moderací: {reason}. Pokud máte dotazy, napište podpoře.',
  renewalReminder:
    'Vaše předplatné {name} v kanálu {channel} se obnoví {date}: z uložené karty strhneme {amount}. Kartu můžete změnit nebo předplatné zrušit v aplikaci.',
  renewalReminderPromo: 'Promo kód {code}: {amount} místo {full}.',
  renewalReminderRetention: 'Vaše nabídka k setrvání: {amount} místo {full}.',
  renewalReminderButton: 'Otevřít',
  renewalFailed:
    'Platbu za předplatné {name} v kanálu {channel} se nám nepodařilo strhnout z vaší karty. Zkusíme to znovu a přístup vám zůstane do {date}. Abyste o něj nepřišli, zaplaťte jinou kartou.',
  renewalFailedButton: 'Zaplatit jinou kartou',
  trialReminder:
    'Vaše bezplatná zkušební doba předplatného {name} v kanálu {channel} končí {date}. Nic se automaticky nestrhne: chcete-li zůstat, zaplaťte pak {amount}, pošleme vám odkaz. Zrušit můžete v aplikaci.',
  trialEnded:
    'Vaše bezplatná zkušební doba předplatného {name} v kanálu {channel} skončila. Zaplaťte {amount} a zůstaňte předplatitelem.',
  trialEndedButton: 'Předplatit',
  identityApproved:
    'Vaše totožnost je ověřena. Nyní můžete přidat tohoto bota do svých kanálů a vydělávat na předplatném a darech.',
  identityRejected: 'Vaši totožnost se nepodařilo ověřit: {reason}. Pokud máte dotazy, napište podpoře.',
  identityRetry: 'Ověření totožnosti neprošlo: {reason}. Otevřete aplikaci a zkuste to znovu.',
  identityNoReason: 'důvod nebyl uveden',
  paymentUnavailable: 'Tuto platbu už nelze provést. Otevřete aplikaci a podívejte se na aktuální nabídku.',
  goalOf: '{raised} z {goal}',
  goalRaised: 'vybráno {raised}',
  goalCount: 'darů: {count}',
  goalEnds: 'končí {date}',
  goalEnded: 'ukončeno',
  goalReached: 'cíl splněn',
  goalReachedNotice: 'Vaše sbírka {name} v kanálu {channel} dosáhla cíle: {raised} z {goal}.',
  goalEndedNotice:
    'Vaše sbírka {name} v kanálu {channel} skončila, vybráno {raised}. Dary stále přijímá a příspěvek teď uvádí, že skončila.',
  paymentPriceChanged: 'Cena se změnila. Otevřete fakturu v aplikaci znovu a uvidíte novou cenu.',
  giftRefunded: 'Váš dárek {name} v {channel} nebyl do 30 dnů přijat, proto jsme vám vrátili {amount} na kartu.',
  giftRefundedUnavailable:
    'Váš dárek {name} v {channel} už nelze přijmout, protože předplatné už není dostupné, proto jsme vám vrátili {amount} na kartu.',
  giftAccepted: 'Váš dárek {name} v {channel} byl přijat. Příjemce: {recipient}.',
  giftTakenBack:
    'Dárek {name} v {channel}, který jste přijali, byl vrácen dárci, proto jsme jeho nevyužitý čas zrušili. Váš přístup teď platí do {date}.',
};

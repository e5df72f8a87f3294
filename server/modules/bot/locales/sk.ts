/** The bot's texts in Slovak (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const sk: BotTexts = {
  commandStart: 'Otvoriť Backers',
  commandHelp: 'Ako funguje Backers',
  menuButton: 'Otvoriť',
  start: 'Backers umožňuje tvorcom kanálov zarábať na platenom predplatnom a daroch. Na začiatok otvorte aplikáciu.',
  startButton: 'Otvoriť Backers',
  startWithLink: 'Ťuknite na tlačidlo a pokračujte v Backers.',
  help: 'Tvorcovia: pridajte tohto bota do svojho kanála ako správcu a potom v aplikácii vytvorte predplatné.\nSledovatelia: zaplaťte tlačidlom pod príspevkom alebo pošlite príkaz predplatného, napríklad $vip, a dostanete výzvu na platbu.\n/start otvorí aplikáciu.',
  subscriptionOffer: '{name} v kanáli {channel}',
  subscriptionButton: 'Predplatiť',
  unknownCommand: 'Predplatné s týmto príkazom neexistuje. Overte si príkaz u tvorcu kanála.',
  payoutFailed:
    'Vaša výplata {amount} sa nepodarila: {reason}. Peniaze sa vrátili na váš zostatok a odídu v ďalší deň výplaty. Skontrolujte údaje na výplatu v aplikácii.',
  payoutFailureReasons: {
    account_details: 'údaje na výplatu boli odmietnuté, skontrolujte ich v nastaveniach výplat',
    declined: 'banka príjemcu ju odmietla',
    card: 'kartu na výplaty už nemožno použiť, pridajte ju znova v nastaveniach výplat',
    provider: 'poskytovateľ platieb ju nemohol odoslať',
  },
  adminSignIn: 'Váš odkaz na prihlásenie do konzoly operátorov Backers (jednorazový, platí 10 minút):\n{link}',
  adminRefused: 'Tento príkaz je len pre operátorov Backers.',
  moderationApproved:
    'Váš kanál {channel} prešiel moderovaním. Teraz v ňom môžete predávať predplatné a prijímať dary.',
  moderationRejected: 'Váš kanál {channel} neprešiel moderovaním: {reason}. Ak máte otázky, napíšte podpore.',
  renewalReminder:
    'Vaše predplatné {name} v kanáli {channel} sa predĺži {date}: z uloženej karty strhneme {amount}. Kartu môžete zmeniť alebo predplatné zrušiť v aplikácii.',
  renewalReminderPromo: 'Promo kód {code}: {amount} namiesto {full}.',
  renewalReminderRetention: 'Vaša ponuka na zotrvanie: {amount} namiesto {full}.',
  renewalReminderButton: 'Otvoriť',
  renewalFailed:
    'Platbu za predplatné {name} v kanáli {channel} sa nám nepodarilo strhnúť z vašej karty. Skúsime to znova a prístup vám zostane do {date}. Aby ste oň neprišli, zaplaťte inou kartou.',
  renewalFailedButton: 'Zaplatiť inou kartou',
  trialReminder:
    'Vaše bezplatné skúšobné obdobie predplatného {name} v kanáli {channel} končí {date}. Nič sa automaticky nestrhne: ak chcete zostať, zaplaťte potom {amount}, pošleme vám odkaz. Zrušiť môžete v aplikácii.',
  trialEnded:
    'Vaše bezplatné skúšobné obdobie predplatného {name} v kanáli {channel} sa skončilo. Zaplaťte {amount} a zostaňte predplatiteľom.',
  trialEndedButton: 'Predplatiť',
  identityApproved:
    'Vaša totožnosť je overená. Teraz môžete pridať tohto bota do svojich kanálov a zarábať na predplatnom a daroch.',
  identityRejected: 'Vašu totožnosť sa nepodarilo overiť: {reason}. Ak máte otázky, napíšte podpore.',
  identityRetry: 'Overenie totožnosti neprešlo: {reason}. Otvorte aplikáciu a skúste to znova.',
  identityNoReason: 'dôvod nebol uvedený',
  paymentUnavailable: 'Túto platbu už nie je možné uskutočniť. Otvorte aplikáciu a pozrite si aktuálnu ponuku.',
  goalOf: '{raised} z {goal}',
  goalRaised: 'vyzbierané {raised}',
  goalCount: 'darov: {count}',
  goalEnds: 'končí {date}',
  goalEnded: 'ukončená',
  goalReached: 'cieľ splnený',
  goalReachedNotice: 'Vaša zbierka {name} v kanáli {channel} dosiahla cieľ: {raised} z {goal}.',
  goalEndedNotice:
    'Vaša zbierka {name} v kanáli {channel} sa skončila, vyzbierané {raised}. Dary stále prijíma a príspevok teraz uvádza, že sa skončila.',
  paymentPriceChanged: 'Cena sa zmenila. Otvorte faktúru v aplikácii znova a uvidíte novú cenu.',
  giftRefunded: 'Váš darček {name} v {channel} nebol do 30 dní prijatý, preto sme vám vrátili {amount} na kartu.',
  giftRefundedUnavailable:
    'Váš darček {name} v {channel} už nemožno prijať, pretože predplatné už nie je dostupné, preto sme vám vrátili {amount} na kartu.',
  giftAccepted: 'Váš darček {name} v {channel} bol prijatý. Príjemca: {recipient}.',
  giftTakenBack:
    'Darček {name} v {channel}, ktorý ste prijali, bol vrátený darcovi, preto sme jeho nevyužitý čas zrušili. Váš prístup teraz platí do {date}.',
};

/** The bot's texts in Finnish (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const fi: BotTexts = {
  commandStart: 'Avaa Backers',
  commandHelp: 'Näin Backers toimii',
  menuButton: 'Avaa',
  start:
    'Backersin avulla kanavien tekijät voivat ansaita maksullisilla tilauksilla ja lahjoituksilla. Aloita avaamalla sovellus.',
  startButton: 'Avaa Backers',
  startWithLink: 'Jatka Backersissa napauttamalla painiketta.',
  help: 'Tekijät: lisää tämä botti kanavasi ylläpitäjäksi ja luo sitten tilaus sovelluksessa.\nSeuraajat: maksa viestin alla olevalla painikkeella tai lähetä tilauksen komento, kuten $vip, niin saat sen laskun.\n/start avaa sovelluksen.',
  subscriptionOffer: '{name} kanavalla {channel}',
  subscriptionButton: 'Tilaa',
  unknownCommand: 'Millään tilauksella ei ole tätä komentoa. Tarkista komento kanavan tekijältä.',
  payoutFailed:
    'Tilityksesi ({amount}) epäonnistui: {reason}. Rahat palautettiin saldoosi, ja ne lähtevät seuraavana tilityspäivänä. Tarkista tilitystietosi sovelluksessa.',
  payoutFailureReasons: {
    account_details: 'tilitystiedot hylättiin, tarkista ne tilitysasetuksista',
    declined: 'vastaanottajan pankki hylkäsi sen',
    card: 'tilityskorttia ei voi enää käyttää, lisää se uudelleen tilitysasetuksissa',
    provider: 'maksupalvelu ei voinut lähettää sitä',
  },
  adminSignIn: 'Kirjautumislinkkisi Backersin operaattorikonsoliin (kertakäyttöinen, voimassa 10 minuuttia):\n{link}',
  adminRefused: 'Tämä komento on vain Backersin operaattoreille.',
  moderationApproved:
    'Kanavasi {channel} läpäisi moderoinnin. Voit nyt myydä siellä tilauksia ja ottaa vastaan lahjoituksia.',
  moderationRejected:
    'Kanavasi {channel} ei läpäissyt moderointia: {reason}. Jos sinulla on kysyttävää, kirjoita tukeen.',
  renewalReminder:
    'Tilauksesi {name} kanavalla {channel} uusiutuu {date}. Tallennetulta kortiltasi veloitetaan silloin {amount}. Voit vaihtaa korttia tai peruuttaa tilauksen sovelluksessa.',
  renewalReminderPromo: 'Kampanjakoodi {code}: {amount} hinnan {full} sijaan.',
  renewalReminderRetention: 'Pysymistarjouksesi: {amount} hinnan {full} sijaan.',
  renewalReminderButton: 'Avaa',
  renewalFailed:
    'Emme pystyneet veloittamaan korttiasi tilauksesta {name} kanavalla {channel}. Yritämme uudelleen, ja pääsysi säilyy {date} asti. Maksa toisella kortilla, jotta pääsy ei katkea.',
  renewalFailedButton: 'Maksa toisella kortilla',
  trialReminder:
    'Ilmainen kokeilujaksosi tilaukseen {name} kanavalla {channel} päättyy {date}. Mitään ei veloiteta automaattisesti: jos haluat jatkaa, maksa silloin {amount}, lähetämme linkin. Voit perua sovelluksessa.',
  trialEnded:
    'Ilmainen kokeilujaksosi tilaukseen {name} kanavalla {channel} on päättynyt. Maksa {amount} jatkaaksesi tilaajana.',
  trialEndedButton: 'Tilaa',
  identityApproved:
    'Henkilöllisyytesi on vahvistettu. Voit nyt lisätä tämän botin kanaviisi ja ansaita tilauksilla ja lahjoituksilla.',
  identityRejected:
    'Emme pystyneet vahvistamaan henkilöllisyyttäsi: {reason}. Jos sinulla on kysyttävää, kirjoita tukeen.',
  identityRetry: 'Henkilöllisyytesi tarkistus ei mennyt läpi: {reason}. Avaa sovellus ja yritä uudelleen.',
  identityNoReason: 'tarkempia tietoja ei annettu',
  paymentUnavailable: 'Tätä maksua ei voi enää tehdä. Avaa sovellus nähdäksesi nykyisen tarjouksen.',
  goalOf: '{raised} / {goal}',
  goalRaised: 'kerätty {raised}',
  goalCount: 'lahjoituksia: {count}',
  goalEnds: 'päättyy {date}',
  goalEnded: 'päättynyt',
  goalReached: 'tavoite saavutettu',
  goalReachedNotice: 'Lahjoituspyyntösi {name} kanavalla {channel} saavutti tavoitteensa: {raised} / {goal}.',
  goalEndedNotice:
    'Lahjoituspyyntösi {name} kanavalla {channel} on päättynyt, kerätty {raised}. Se ottaa yhä vastaan lahjoituksia, ja julkaisussa lukee nyt, että se on päättynyt.',
  paymentPriceChanged: 'Hinta on muuttunut. Avaa lasku sovelluksessa uudelleen nähdäksesi uuden hinnan.',
  giftRefunded:
    'Lahjaasi {name} kanavalla {channel} ei otettu vastaan 30 päivässä, joten palautimme {amount} kortillesi.',
  giftRefundedUnavailable:
    'Lahjaasi {name} kanavalla {channel} ei voi enää ottaa vastaan, koska tilaus ei ole enää saatavilla, joten palautimme {amount} kortillesi.',
  giftAccepted: '{recipient} otti vastaan lahjasi {name} kanavalla {channel}.',
  giftTakenBack:
    'Vastaanottamasi lahja {name} kanavalla {channel} hyvitettiin antajalleen, joten sen käyttämätön aika peruttiin. Käyttöoikeutesi on nyt voimassa {date} asti.',
};

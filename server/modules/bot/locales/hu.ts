/** The bot's texts in Hungarian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const hu: BotTexts = {
  commandStart: 'Backers megnyitása',
  commandHelp: 'Hogyan működik a Backers',
  menuButton: 'Megnyitás',
  start:
    'A Backers segítségével a csatornák alkotói fizetős előfizetésekből és adományokból kereshetnek. A kezdéshez nyisd meg az alkalmazást.',
  startButton: 'Backers megnyitása',
  startWithLink: 'Koppints a gombra, és folytasd a Backersben.',
  help: 'Alkotóknak: add hozzá ezt a botot a csatornádhoz adminként, majd hozz létre egy előfizetést az alkalmazásban.\nKövetőknek: fizess a bejegyzés alatti gombbal, vagy küldd el egy előfizetés parancsát (például $vip), és megkapod a számláját.\n/start: az alkalmazás megnyitása.',
  subscriptionOffer: '{name} – {channel} csatorna',
  subscriptionButton: 'Előfizetés',
  unknownCommand: 'Ehhez a parancshoz nem tartozik előfizetés. Kérdezz rá a csatorna alkotójánál.',
  payoutFailed:
    'A kifizetésed ({amount}) nem sikerült: {reason}. A pénz visszakerült az egyenlegedre, és a következő kifizetési napon indul. Ellenőrizd a kifizetési adataidat az alkalmazásban.',
  payoutFailureReasons: {
    account_details: 'a kifizetési adatokat elutasították, ellenőrizd őket a kifizetési beállításokban',
    declined: 'a kedvezményezett bankja elutasította',
    card: 'a kifizetési kártya már nem használható, add hozzá újra a kifizetési beállításokban',
    provider: 'a fizetési szolgáltató nem tudta elküldeni',
  },
  adminSignIn:
    'Bejelentkezési hivatkozásod a Backers operátori konzoljához (egyszer használható, 10 percig érvényes):\n{link}',
  adminRefused: 'Ezt a parancsot csak a Backers operátorai használhatják.',
  moderationApproved:
    'A csatornád ({channel}) átment a moderáláson. Mostantól előfizetéseket adhatsz el és adományokat fogadhatsz a csatornában.',
  moderationRejected:
    'A csatornád ({channel}) nem ment át a moderáláson: {reason}. Ha kérdésed van, írj az ügyfélszolgálatnak.',
  renewalReminder:
    'Az előfizetésed ({name} – {channel}) megújul: {date}. Ekkor {amount} összeget vonunk le a mentett kártyádról. A kártyát lecserélheted, vagy lemondhatod az előfizetést az alkalmazásban.',
  renewalReminderPromo: '{code} promóciós kód: {amount} {full} helyett.',
  renewalReminderRetention: 'Maradási ajánlatod: {amount} {full} helyett.',
  renewalReminderButton: 'Megnyitás',
  renewalFailed:
    'Nem sikerült levonni az előfizetésed ({name} – {channel}) díját a kártyádról. Újra megpróbáljuk, a hozzáférésed pedig eddig megmarad: {date}. Ha nem szeretnéd elveszíteni, fizess másik kártyával.',
  renewalFailedButton: 'Fizetés másik kártyával',
  trialReminder:
    'A(z) {channel} csatorna {name} előfizetésének ingyenes próbaideje {date} napon lejár. Automatikusan semmit sem terhelünk: ha maradnál, akkor fizess {amount} összeget, a linket elküldjük. Lemondani az appban tudsz.',
  trialEnded:
    'A(z) {channel} csatorna {name} előfizetésének ingyenes próbaideje lejárt. Fizess {amount} összeget, hogy előfizető maradj.',
  trialEndedButton: 'Előfizetek',
  identityApproved:
    'A személyazonosságodat megerősítettük. Most már hozzáadhatod ezt a botot a csatornáidhoz, és pénzt kereshetsz előfizetésekkel és adományokkal.',
  identityRejected:
    'Nem tudtuk megerősíteni a személyazonosságodat: {reason}. Ha kérdésed van, írj az ügyfélszolgálatnak.',
  identityRetry: 'A személyazonosság-ellenőrzésed nem sikerült: {reason}. Nyisd meg az alkalmazást, és próbáld újra.',
  identityNoReason: 'részleteket nem adtak meg',
  paymentUnavailable: 'Ez a fizetés már nem teljesíthető. Nyisd meg az alkalmazást, és nézd meg az aktuális ajánlatot.',
  goalOf: '{raised} / {goal}',
  goalRaised: '{raised} összegyűlt',
  goalCount: 'adományok: {count}',
  goalEnds: 'vége: {date}',
  goalEnded: 'lezárult',
  goalReached: 'cél elérve',
  goalReachedNotice: 'A(z) {channel} csatornán indított {name} adománygyűjtésed elérte a célját: {raised} / {goal}.',
  goalEndedNotice:
    'A(z) {channel} csatornán indított {name} adománygyűjtésed lezárult, {raised} gyűlt össze. Továbbra is fogad adományokat, a bejegyzés pedig már jelzi, hogy lezárult.',
  paymentPriceChanged: 'Az ár megváltozott. Nyisd meg újra a számlát az alkalmazásban, és nézd meg az új árat.',
  giftRefunded:
    'A(z) {channel} csatornán adott {name} ajándékodat 30 napon belül nem fogadták el, ezért visszatérítettünk {amount} összeget a kártyádra.',
  giftRefundedUnavailable:
    'A(z) {channel} csatornán adott {name} ajándékodat már nem lehet elfogadni, mert az előfizetés már nem elérhető, ezért visszatérítettünk {amount} összeget a kártyádra.',
  giftAccepted: '{recipient} elfogadta a(z) {channel} csatornán adott {name} ajándékodat.',
  giftTakenBack:
    'A(z) {channel} csatornán kapott {name} ajándékod árát visszatérítettük az ajándékozónak, ezért a fel nem használt időt visszavontuk. A hozzáférésed mostantól eddig érvényes: {date}.',
};

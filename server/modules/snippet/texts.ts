/**
 * The snippet page's texts (page.ts) in every page locale the app offers (src/domain/languages.ts): the page is shown
 * to whoever opens a shared link, so it speaks their language as the app would. The price lines are the app's words
 * ('channel.price' of src/infrastructure/i18n/locales/<lang>/channel.json; the server may not import the app's
 * layers, so they are here too, and tests/unit/server/snippetTexts.test.ts holds them equal). Placeholders are
 * i18next's {{name}}.
 */
import { COMPLETE_LOCALES, type CompleteLocale } from '../../../src/domain/languages';
import type { Period } from '../../../src/domain/entities';

/** The app's page locales: the languages a page can be shown in. */
export type SnippetLanguage = CompleteLocale;
export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = COMPLETE_LOCALES;

export interface SnippetTexts {
  readonly open: string;
  /** '{{price}} per week' and the like, by period (the app's texts). */
  readonly period: Readonly<Record<Period, string>>;
  readonly inChannel: string;
  readonly notFoundTitle: string;
  readonly notFoundText: string;
}

const PERIODS: Readonly<Record<SnippetLanguage, Readonly<Record<Period, string>>>> = {
  ru: {
    onetime: '{{price}} разово',
    weekly: '{{price}} в неделю',
    monthly: '{{price}} в месяц',
    yearly: '{{price}} в год',
  },
  en: {
    onetime: '{{price}} once',
    weekly: '{{price}} per week',
    monthly: '{{price}} per month',
    yearly: '{{price}} per year',
  },
  ar: {
    onetime: '{{price}} لمرة واحدة',
    weekly: '{{price}} أسبوعيًا',
    monthly: '{{price}} شهريًا',
    yearly: '{{price}} سنويًا',
  },
  be: {
    onetime: '{{price}} аднаразова',
    weekly: '{{price}} за тыдзень',
    monthly: '{{price}} за месяц',
    yearly: '{{price}} за год',
  },
  ca: {
    onetime: '{{price}} un sol cop',
    weekly: '{{price}} per setmana',
    monthly: '{{price}} al mes',
    yearly: "{{price}} a l'any",
  },
  hr: {
    onetime: '{{price}} jednokratno',
    weekly: '{{price}} tjedno',
    monthly: '{{price}} mjesečno',
    yearly: '{{price}} godišnje',
  },
  cs: {
    onetime: '{{price}} jednorázově',
    weekly: '{{price}} týdně',
    monthly: '{{price}} měsíčně',
    yearly: '{{price}} ročně',
  },
  nl: {
    onetime: '{{price}} eenmalig',
    weekly: '{{price}} per week',
    monthly: '{{price}} per maand',
    yearly: '{{price}} per jaar',
  },
  fi: {
    onetime: '{{price}} kertamaksuna',
    weekly: '{{price}} viikossa',
    monthly: '{{price}} kuukaudessa',
    yearly: '{{price}} vuodessa',
  },
  fr: {
    onetime: '{{price}} en une fois',
    weekly: '{{price}} par semaine',
    monthly: '{{price}} par mois',
    yearly: '{{price}} par an',
  },
  de: {
    onetime: '{{price}} einmalig',
    weekly: '{{price}} pro Woche',
    monthly: '{{price}} pro Monat',
    yearly: '{{price}} pro Jahr',
  },
  hu: { onetime: 'egyszeri {{price}}', weekly: 'heti {{price}}', monthly: 'havi {{price}}', yearly: 'évi {{price}}' },
  id: {
    onetime: '{{price}} sekali',
    weekly: '{{price}} per minggu',
    monthly: '{{price}} per bulan',
    yearly: '{{price}} per tahun',
  },
  it: {
    onetime: '{{price}} una tantum',
    weekly: '{{price}} a settimana',
    monthly: '{{price}} al mese',
    yearly: "{{price}} all'anno",
  },
  kk: {
    onetime: '{{price}} бір рет',
    weekly: 'аптасына {{price}}',
    monthly: 'айына {{price}}',
    yearly: 'жылына {{price}}',
  },
  ko: { onetime: '1회 {{price}}', weekly: '주 {{price}}', monthly: '월 {{price}}', yearly: '연 {{price}}' },
  ms: {
    onetime: '{{price}} sekali',
    weekly: '{{price}} seminggu',
    monthly: '{{price}} sebulan',
    yearly: '{{price}} setahun',
  },
  pl: {
    onetime: '{{price}} jednorazowo',
    weekly: '{{price}} tygodniowo',
    monthly: '{{price}} miesięcznie',
    yearly: '{{price}} rocznie',
  },
  pt: {
    onetime: '{{price}} uma vez',
    weekly: '{{price}} por semana',
    monthly: '{{price}} por mês',
    yearly: '{{price}} por ano',
  },
  sr: {
    onetime: '{{price}} једнократно',
    weekly: '{{price}} недељно',
    monthly: '{{price}} месечно',
    yearly: '{{price}} годишње',
  },
  sk: {
    onetime: '{{price}} jednorazovo',
    weekly: '{{price}} týždenne',
    monthly: '{{price}} mesačne',
    yearly: '{{price}} ročne',
  },
  es: {
    onetime: '{{price}} una vez',
    weekly: '{{price}} por semana',
    monthly: '{{price}} al mes',
    yearly: '{{price}} al año',
  },
  tr: {
    onetime: 'Tek seferlik {{price}}',
    weekly: 'Haftalık {{price}}',
    monthly: 'Aylık {{price}}',
    yearly: 'Yıllık {{price}}',
  },
  uk: {
    onetime: '{{price}} одноразово',
    weekly: '{{price}} на тиждень',
    monthly: '{{price}} на місяць',
    yearly: '{{price}} на рік',
  },
};

const OWN: Readonly<Record<SnippetLanguage, Omit<SnippetTexts, 'period'>>> = {
  ru: {
    open: 'Открыть в Telegram',
    inChannel: 'Платная подписка на канал {{channel}}',
    notFoundTitle: 'Подписка не найдена',
    notFoundText: 'Такой подписки нет или она больше не предлагается.',
  },
  en: {
    open: 'Open in Telegram',
    inChannel: 'A paid subscription to {{channel}}',
    notFoundTitle: 'Subscription not found',
    notFoundText: 'This subscription does not exist or is not offered any more.',
  },
  ar: {
    open: 'افتح في Telegram',
    inChannel: 'اشتراك مدفوع في {{channel}}',
    notFoundTitle: 'الاشتراك غير موجود',
    notFoundText: 'هذا الاشتراك غير موجود أو لم يعد متاحًا.',
  },
  be: {
    open: 'Адкрыць у Telegram',
    inChannel: 'Платная падпіска на канал {{channel}}',
    notFoundTitle: 'Падпіска не знойдзена',
    notFoundText: 'Такой падпіскі няма або яна больш не прапануецца.',
  },
  ca: {
    open: 'Obre a Telegram',
    inChannel: 'Una subscripció de pagament a {{channel}}',
    notFoundTitle: "No s'ha trobat la subscripció",
    notFoundText: "Aquesta subscripció no existeix o ja no s'ofereix.",
  },
  hr: {
    open: 'Otvori u Telegramu',
    inChannel: 'Plaćena pretplata na {{channel}}',
    notFoundTitle: 'Pretplata nije pronađena',
    notFoundText: 'Ova pretplata ne postoji ili se više ne nudi.',
  },
  cs: {
    open: 'Otevřít v Telegramu',
    inChannel: 'Placené předplatné kanálu {{channel}}',
    notFoundTitle: 'Předplatné nebylo nalezeno',
    notFoundText: 'Toto předplatné neexistuje nebo už není nabízeno.',
  },
  nl: {
    open: 'Openen in Telegram',
    inChannel: 'Een betaald abonnement op {{channel}}',
    notFoundTitle: 'Abonnement niet gevonden',
    notFoundText: 'Dit abonnement bestaat niet of wordt niet meer aangeboden.',
  },
  fi: {
    open: 'Avaa Telegramissa',
    inChannel: 'Maksullinen tilaus kanavalle {{channel}}',
    notFoundTitle: 'Tilausta ei löytynyt',
    notFoundText: 'Tätä tilausta ei ole tai sitä ei enää tarjota.',
  },
  fr: {
    open: 'Ouvrir dans Telegram',
    inChannel: 'Un abonnement payant à {{channel}}',
    notFoundTitle: 'Abonnement introuvable',
    notFoundText: "Cet abonnement n'existe pas ou n'est plus proposé.",
  },
  de: {
    open: 'In Telegram öffnen',
    inChannel: 'Ein kostenpflichtiges Abonnement für {{channel}}',
    notFoundTitle: 'Abonnement nicht gefunden',
    notFoundText: 'Dieses Abonnement gibt es nicht oder es wird nicht mehr angeboten.',
  },
  hu: {
    open: 'Megnyitás a Telegramban',
    inChannel: 'Fizetős előfizetés: {{channel}}',
    notFoundTitle: 'Az előfizetés nem található',
    notFoundText: 'Ez az előfizetés nem létezik, vagy már nem érhető el.',
  },
  id: {
    open: 'Buka di Telegram',
    inChannel: 'Langganan berbayar ke {{channel}}',
    notFoundTitle: 'Langganan tidak ditemukan',
    notFoundText: 'Langganan ini tidak ada atau sudah tidak ditawarkan.',
  },
  it: {
    open: 'Apri in Telegram',
    inChannel: 'Un abbonamento a pagamento a {{channel}}',
    notFoundTitle: 'Abbonamento non trovato',
    notFoundText: 'Questo abbonamento non esiste o non è più offerto.',
  },
  kk: {
    open: 'Telegram-да ашу',
    inChannel: '{{channel}} арнасына ақылы жазылым',
    notFoundTitle: 'Жазылым табылмады',
    notFoundText: 'Мұндай жазылым жоқ немесе ол енді ұсынылмайды.',
  },
  ko: {
    open: '텔레그램에서 열기',
    inChannel: '{{channel}} 유료 구독',
    notFoundTitle: '구독을 찾을 수 없습니다',
    notFoundText: '이 구독은 존재하지 않거나 더 이상 제공되지 않습니다.',
  },
  ms: {
    open: 'Buka dalam Telegram',
    inChannel: 'Langganan berbayar ke {{channel}}',
    notFoundTitle: 'Langganan tidak dijumpai',
    notFoundText: 'Langganan ini tidak wujud atau tidak lagi ditawarkan.',
  },
  pl: {
    open: 'Otwórz w Telegramie',
    inChannel: 'Płatna subskrypcja kanału {{channel}}',
    notFoundTitle: 'Nie znaleziono subskrypcji',
    notFoundText: 'Ta subskrypcja nie istnieje lub nie jest już oferowana.',
  },
  pt: {
    open: 'Abrir no Telegram',
    inChannel: 'Uma assinatura paga de {{channel}}',
    notFoundTitle: 'Assinatura não encontrada',
    notFoundText: 'Esta assinatura não existe ou não é mais oferecida.',
  },
  sr: {
    open: 'Отвори у Telegram-у',
    inChannel: 'Плаћена претплата на {{channel}}',
    notFoundTitle: 'Претплата није пронађена',
    notFoundText: 'Ова претплата не постоји или се више не нуди.',
  },
  sk: {
    open: 'Otvoriť v Telegrame',
    inChannel: 'Platené predplatné kanála {{channel}}',
    notFoundTitle: 'Predplatné sa nenašlo',
    notFoundText: 'Toto predplatné neexistuje alebo sa už neponúka.',
  },
  es: {
    open: 'Abrir en Telegram',
    inChannel: 'Una suscripción de pago a {{channel}}',
    notFoundTitle: 'Suscripción no encontrada',
    notFoundText: 'Esta suscripción no existe o ya no se ofrece.',
  },
  tr: {
    open: "Telegram'da aç",
    inChannel: '{{channel}} kanalına ücretli abonelik',
    notFoundTitle: 'Abonelik bulunamadı',
    notFoundText: 'Bu abonelik mevcut değil veya artık sunulmuyor.',
  },
  uk: {
    open: 'Відкрити в Telegram',
    inChannel: 'Платна підписка на канал {{channel}}',
    notFoundTitle: 'Підписку не знайдено',
    notFoundText: 'Такої підписки немає або вона більше не пропонується.',
  },
};

export function snippetTexts(language: SnippetLanguage): SnippetTexts {
  return { ...OWN[language], period: PERIODS[language] };
}

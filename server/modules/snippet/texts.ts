/**
 * The snippet page's texts (page.ts) in every page locale the app offers (src/infrastructure/i18n/languages.ts): the
 * page is shown to whoever opens a shared link, so it speaks their language as the app would. The price lines are
 * the app's own ('channel.price' of locales/<lang>/channel.json), so the page and the app say a price the same way;
 * the rest is this page's. Placeholders are i18next's {{name}}.
 */
import { COMPLETE_LOCALES, type CompleteLocale } from '../../../src/infrastructure/i18n/languages';
import type { Period } from '../../../src/domain/entities';
import ruChannel from '../../../src/infrastructure/i18n/locales/ru/channel.json';
import enChannel from '../../../src/infrastructure/i18n/locales/en/channel.json';
import arChannel from '../../../src/infrastructure/i18n/locales/ar/channel.json';
import beChannel from '../../../src/infrastructure/i18n/locales/be/channel.json';
import caChannel from '../../../src/infrastructure/i18n/locales/ca/channel.json';
import hrChannel from '../../../src/infrastructure/i18n/locales/hr/channel.json';
import csChannel from '../../../src/infrastructure/i18n/locales/cs/channel.json';
import nlChannel from '../../../src/infrastructure/i18n/locales/nl/channel.json';
import fiChannel from '../../../src/infrastructure/i18n/locales/fi/channel.json';
import frChannel from '../../../src/infrastructure/i18n/locales/fr/channel.json';
import deChannel from '../../../src/infrastructure/i18n/locales/de/channel.json';
import huChannel from '../../../src/infrastructure/i18n/locales/hu/channel.json';
import idChannel from '../../../src/infrastructure/i18n/locales/id/channel.json';
import itChannel from '../../../src/infrastructure/i18n/locales/it/channel.json';
import kkChannel from '../../../src/infrastructure/i18n/locales/kk/channel.json';
import koChannel from '../../../src/infrastructure/i18n/locales/ko/channel.json';
import msChannel from '../../../src/infrastructure/i18n/locales/ms/channel.json';
import plChannel from '../../../src/infrastructure/i18n/locales/pl/channel.json';
import ptChannel from '../../../src/infrastructure/i18n/locales/pt/channel.json';
import srChannel from '../../../src/infrastructure/i18n/locales/sr/channel.json';
import skChannel from '../../../src/infrastructure/i18n/locales/sk/channel.json';
import esChannel from '../../../src/infrastructure/i18n/locales/es/channel.json';
import trChannel from '../../../src/infrastructure/i18n/locales/tr/channel.json';
import ukChannel from '../../../src/infrastructure/i18n/locales/uk/channel.json';

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
  ru: ruChannel.channel.price,
  en: enChannel.channel.price,
  ar: arChannel.channel.price,
  be: beChannel.channel.price,
  ca: caChannel.channel.price,
  hr: hrChannel.channel.price,
  cs: csChannel.channel.price,
  nl: nlChannel.channel.price,
  fi: fiChannel.channel.price,
  fr: frChannel.channel.price,
  de: deChannel.channel.price,
  hu: huChannel.channel.price,
  id: idChannel.channel.price,
  it: itChannel.channel.price,
  kk: kkChannel.channel.price,
  ko: koChannel.channel.price,
  ms: msChannel.channel.price,
  pl: plChannel.channel.price,
  pt: ptChannel.channel.price,
  sr: srChannel.channel.price,
  sk: skChannel.channel.price,
  es: esChannel.channel.price,
  tr: trChannel.channel.price,
  uk: ukChannel.channel.price,
};

const OWN: Readonly<Record<SnippetLanguage, Omit<SnippetTexts, 'period'>>> = {
  ru: { open: 'Открыть в Telegram', inChannel: 'Платная подписка на канал {{channel}}', notFoundTitle: 'Подписка не найдена', notFoundText: 'Такой подписки нет или она больше не предлагается.' },
  en: { open: 'Open in Telegram', inChannel: 'A paid subscription to {{channel}}', notFoundTitle: 'Subscription not found', notFoundText: 'This subscription does not exist or is not offered any more.' },
  ar: { open: 'افتح في Telegram', inChannel: 'اشتراك مدفوع في {{channel}}', notFoundTitle: 'الاشتراك غير موجود', notFoundText: 'هذا الاشتراك غير موجود أو لم يعد متاحًا.' },
  be: { open: 'Адкрыць у Telegram', inChannel: 'Платная падпіска на канал {{channel}}', notFoundTitle: 'Падпіска не знойдзена', notFoundText: 'Такой падпіскі няма або яна больш не прапануецца.' },
  ca: { open: 'Obre a Telegram', inChannel: 'Una subscripció de pagament a {{channel}}', notFoundTitle: "No s'ha trobat la subscripció", notFoundText: "Aquesta subscripció no existeix o ja no s'ofereix." },
  hr: { open: 'Otvori u Telegramu', inChannel: 'Plaćena pretplata na {{channel}}', notFoundTitle: 'Pretplata nije pronađena', notFoundText: 'Ova pretplata ne postoji ili se više ne nudi.' },
  cs: { open: 'Otevřít v Telegramu', inChannel: 'Placené předplatné kanálu {{channel}}', notFoundTitle: 'Předplatné nebylo nalezeno', notFoundText: 'Toto předplatné neexistuje nebo už není nabízeno.' },
  nl: { open: 'Openen in Telegram', inChannel: 'Een betaald abonnement op {{channel}}', notFoundTitle: 'Abonnement niet gevonden', notFoundText: 'Dit abonnement bestaat niet of wordt niet meer aangeboden.' },
  fi: { open: 'Avaa Telegramissa', inChannel: 'Maksullinen tilaus kanavalle {{channel}}', notFoundTitle: 'Tilausta ei löytynyt', notFoundText: 'Tätä tilausta ei ole tai sitä ei enää tarjota.' },
  fr: { open: 'Ouvrir dans Telegram', inChannel: 'Un abonnement payant à {{channel}}', notFoundTitle: 'Abonnement introuvable', notFoundText: "Cet abonnement n'existe pas ou n'est plus proposé." },
  de: { open: 'In Telegram öffnen', inChannel: 'Ein kostenpflichtiges Abonnement für {{channel}}', notFoundTitle: 'Abonnement nicht gefunden', notFoundText: 'Dieses Abonnement gibt es nicht oder es wird nicht mehr angeboten.' },
  hu: { open: 'Megnyitás a Telegramban', inChannel: 'Fizetős előfizetés: {{channel}}', notFoundTitle: 'Az előfizetés nem található', notFoundText: 'Ez az előfizetés nem létezik, vagy már nem érhető el.' },
  id: { open: 'Buka di Telegram', inChannel: 'Langganan berbayar ke {{channel}}', notFoundTitle: 'Langganan tidak ditemukan', notFoundText: 'Langganan ini tidak ada atau sudah tidak ditawarkan.' },
  it: { open: 'Apri in Telegram', inChannel: 'Un abbonamento a pagamento a {{channel}}', notFoundTitle: 'Abbonamento non trovato', notFoundText: 'Questo abbonamento non esiste o non è più offerto.' },
  kk: { open: 'Telegram-да ашу', inChannel: '{{channel}} арнасына ақылы жазылым', notFoundTitle: 'Жазылым табылмады', notFoundText: 'Мұндай жазылым жоқ немесе ол енді ұсынылмайды.' },
  ko: { open: '텔레그램에서 열기', inChannel: '{{channel}} 유료 구독', notFoundTitle: '구독을 찾을 수 없습니다', notFoundText: '이 구독은 존재하지 않거나 더 이상 제공되지 않습니다.' },
  ms: { open: 'Buka dalam Telegram', inChannel: 'Langganan berbayar ke {{channel}}', notFoundTitle: 'Langganan tidak dijumpai', notFoundText: 'Langganan ini tidak wujud atau tidak lagi ditawarkan.' },
  pl: { open: 'Otwórz w Telegramie', inChannel: 'Płatna subskrypcja kanału {{channel}}', notFoundTitle: 'Nie znaleziono subskrypcji', notFoundText: 'Ta subskrypcja nie istnieje lub nie jest już oferowana.' },
  pt: { open: 'Abrir no Telegram', inChannel: 'Uma assinatura paga de {{channel}}', notFoundTitle: 'Assinatura não encontrada', notFoundText: 'Esta assinatura não existe ou não é mais oferecida.' },
  sr: { open: 'Отвори у Telegram-у', inChannel: 'Плаћена претплата на {{channel}}', notFoundTitle: 'Претплата није пронађена', notFoundText: 'Ова претплата не постоји или се више не нуди.' },
  sk: { open: 'Otvoriť v Telegrame', inChannel: 'Platené predplatné kanála {{channel}}', notFoundTitle: 'Predplatné sa nenašlo', notFoundText: 'Toto predplatné neexistuje alebo sa už neponúka.' },
  es: { open: 'Abrir en Telegram', inChannel: 'Una suscripción de pago a {{channel}}', notFoundTitle: 'Suscripción no encontrada', notFoundText: 'Esta suscripción no existe o ya no se ofrece.' },
  tr: { open: "Telegram'da aç", inChannel: '{{channel}} kanalına ücretli abonelik', notFoundTitle: 'Abonelik bulunamadı', notFoundText: 'Bu abonelik mevcut değil veya artık sunulmuyor.' },
  uk: { open: 'Відкрити в Telegram', inChannel: 'Платна підписка на канал {{channel}}', notFoundTitle: 'Підписку не знайдено', notFoundText: 'Такої підписки немає або вона більше не пропонується.' },
};

export function snippetTexts(language: SnippetLanguage): SnippetTexts {
  return { ...OWN[language], period: PERIODS[language] };
}
